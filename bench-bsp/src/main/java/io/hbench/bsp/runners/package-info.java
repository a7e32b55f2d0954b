/**
 * Where a job's peers run: as threads of this JVM ({@link io.hbench.bsp.runners.LocalBspRunner}), as the map tasks of
 * a MapReduce job ({@link io.hbench.bsp.runners.MapReduceBspRunner}, with its mapper, input format, splits and the
 * watch on the peers' containers), or as processes started by hand ({@link io.hbench.bsp.runners.ManualBspRunner}).
 * Each starts a coordinator, has the peers join it and returns the job's result, so a program runs the same whichever
 * runner runs it.
 */
package io.hbench.bsp.runners;
