import base from './playwright.config';

const { globalSetup: _omit, ...rest } = base;
export default { ...rest };
