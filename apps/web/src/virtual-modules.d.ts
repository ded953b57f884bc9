/** vite.config.ts's libphonenumber-js metadata for the North American numbering plan only. */
declare module 'virtual:nanp-phone-metadata' {
  const metadata: import('libphonenumber-js/core').MetadataJson;
  export default metadata;
}
