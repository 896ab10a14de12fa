import type { Arbitrary } from "fast-check";

export const mcpToolFile: Arbitrary<string>;
export const mcpFilename: Arbitrary<string>;
export const mcpSettings: Arbitrary<Record<string, unknown>>;
export const mcpCase: Arbitrary<{ code: string; filename: string; settings: Record<string, unknown> }>;
