/** vite.config.ts's libphonenumber-js metadata for the North American numbering plan only. */
declare module 'virtual:nanp-phone-metadata' {
  const metadata: import('libphonenumber-js/core').MetadataJson;
  export default metadata;
}

/** vite.config.ts's shape of the contract's reply schema `<name>`, for `checkReply` (docs/decisions/0471). */
declare module 'virtual:reply-shape/*' {
  const shape: import('./shared/api/reply-shape').ReplyShape;
  export default shape;
}

/** vite.config.ts's compiled messages of one language's namespace (docs/decisions/0550). */
declare module 'virtual:messages/*' {
  const messages: Record<string, (values?: Record<string, string | number>) => string>;
  export default messages;
}

/** vite.config.ts's task titles' matcher, made from the English templates at build time (decision 0555). */
declare module 'virtual:title-matcher' {
  const matcher: import('@sage/i18n/title-matching').TitleMatcher;
  export default matcher;
}

/** vite.config.ts's API errors' localizer, made from the English templates at build time (decision 0730). */
declare module 'virtual:api-error-matcher' {
  const localizer: import('@sage/i18n/api-error-matching').ApiErrorLocalizer;
  export default localizer;
}

/** vite.config.ts's device trouble titles' localizer, made from the English templates at build time (decision 0750). */
declare module 'virtual:trouble-title-matcher' {
  const localizer: ReturnType<typeof import('@sage/i18n/trouble-title-matching').troubleTitleLocalizer>;
  export default localizer;
}
