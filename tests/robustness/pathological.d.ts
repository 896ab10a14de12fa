export function longToolFile(lines: number): string;
export function nestedBlocks(depth: number): string;
export function nestedFunctions(depth: number): string;
export function manyHelperCalls(calls: number): string;
export function mutuallyRecursiveHelpers(count: number): string;

export const PATHOLOGICAL_CASES: readonly {
  name: string;
  generate: (size: number) => string;
  sizes: readonly number[];
}[];
