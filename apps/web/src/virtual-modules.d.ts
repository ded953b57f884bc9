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
