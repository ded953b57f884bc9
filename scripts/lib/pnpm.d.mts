export const PNPM_VERSION: string;
export function pnpmCommand(): string[];
export function pnpm(args: string[], options?: object): void;
export function prepareWorkspace(): void;
