import { fuzzRoutesShard } from './routes-suite.ts';

/** The route fuzzer, shard 3 of 3 (routes-suite.ts). */
fuzzRoutesShard(3);
