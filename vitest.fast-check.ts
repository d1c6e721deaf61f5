/// <reference types="node" />
/**
 * Property tests repeat: every run of the suite tries the same generated cases (a failure seen in
 * CI is seen again on a laptop). Try other cases with FAST_CHECK_SEED=<number>; a failure prints
 * the seed and path that reproduce it.
 */
import fc from 'fast-check';

fc.configureGlobal({ seed: Number(process.env.FAST_CHECK_SEED ?? 20261129) });
