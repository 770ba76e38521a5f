import { fuzzRoutesShard } from './routes-suite.ts';

/** The route fuzzer, shard 1 of 3 (routes-suite.ts). */
fuzzRoutesShard(1);
