/**
 * How the peers of one job agree on its progress. The {@link io.hbench.bsp.coordination.Coordinator} takes the
 * peers' registrations, sends the start, names the peers at fault when the job cannot go on
 * ({@link io.hbench.bsp.coordination.FaultDiagnosis}) and gathers the reports into the result
 * ({@link io.hbench.bsp.coordination.ReportAggregation}). A peer joins through
 * {@link io.hbench.bsp.coordination.PeerBootstrap}; its {@link io.hbench.bsp.coordination.PeerRuntime} runs the
 * program and ends each superstep among the peers through a {@link io.hbench.bsp.coordination.SuperstepBarrier},
 * direct or dissemination, with no round trip through the coordinator. The control protocol between the two ends is
 * {@link io.hbench.bsp.coordination.ControlChannel} (the peer's) and
 * {@link io.hbench.bsp.coordination.ControlConnection} (the coordinator's).
 */
package io.hbench.bsp.coordination;
