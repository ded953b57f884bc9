// The sign-in replies' schemas, loaded with the first sign-in call rather than with the sign-in page: zod is a
// quarter of that page's first load otherwise (docs/decisions/0381).
export { ZPasswordlessStartReplySchema, ZTokenReplySchema } from '@sage/contract';
