/**
 * What RandBench and EBB share as benchmarks on the BSP runtime: the base of their tools
 * ({@link io.hbench.bsp.benchbase.BspBenchTool}), their settings and the choice of runner, the payloads they send,
 * the hosts their peers ran on ({@link io.hbench.bsp.benchbase.PeerHosts}) and how their timings become rates.
 * Neither program depends on the other; both stand on this.
 */
package io.hbench.bsp.benchbase;
