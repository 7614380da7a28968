#!/usr/bin/env node
// `npm run bench`: the benchmark is written in TypeScript (bench/*.ts, typechecked with the project);
// tsx loads it without a compile step. See CONTRIBUTING.md "Benchmark" and `node bench/run.mjs --help`.
import { register } from 'tsx/esm/api';

register();
const { runBenchmark } = await import('./main.ts');
process.exitCode = await runBenchmark(process.argv.slice(2));
