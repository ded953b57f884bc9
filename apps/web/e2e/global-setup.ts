export { default } from '../../../scripts/e2e/global-setup';
