/// <reference types="vite/client" />
import type { Operation } from "../../src/content/operation";

/**
 * Every operation the site defines, found in the query modules themselves (no list to keep):
 * the schema tests validate each against Directus' SDL, the contract tests run each.
 */
const modules = import.meta.glob<Record<string, unknown>>(
  ["../../src/content/queries/*.ts", "../../src/features/**/queries.ts", "../../src/features/**/*.queries.ts"],
  { eager: true },
);

const isOperation = (value: unknown): value is Operation<any, any> =>
  typeof value === "object" && value !== null && "document" in value && "name" in value;

export const allOperations: Operation<any, any>[] = Object.values(modules).flatMap((module) => Object.values(module).filter(isOperation));
export const operationNamed = (name: string): Operation<any, any> => {
  const operation = allOperations.find((candidate) => candidate.name === name);
  if (!operation) throw new Error(`no operation ${name}`);
  return operation;
};
