// The request schema a training alert's resolution is read with, as the server would (only in a tour): loaded
// with that call, so that zod is not on the page's first load (docs/decisions/0446).
export { ZResolveTaskRequestSchema } from '@sage/contract';
