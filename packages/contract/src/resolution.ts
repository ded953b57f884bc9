import { z } from 'zod';
import { ResolutionCategory, ResolutionType } from './resolution-constants';

export * from './resolution-constants';
export const ZResolutionCategorySchema = z.enum(ResolutionCategory);

export interface ResolutionCategoryInfo {
  readonly id: ResolutionCategory;
  readonly name: string;
  readonly order: number;
}
export const ZResolutionTypeSchema = z.enum(ResolutionType);

export interface ResolutionTypeInfo {
  readonly id: ResolutionType;
  readonly name: string;
  readonly order: number;
  readonly category: ResolutionCategory | null;
}
