import { fuzzRoutesShard } from './routes-suite.ts';

/** The route fuzzer, shard 2 of 3 (routes-suite.ts). */
fuzzRoutesShard(2);
