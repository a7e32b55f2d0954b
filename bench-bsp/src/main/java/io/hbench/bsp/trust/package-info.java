/**
 * Whom the runtime listens to: every connection proves the run's secret ({@link io.hbench.bsp.trust.RunSecret}) in a
 * {@link io.hbench.bsp.trust.Handshake} before anything it sends is read; a listener holds a bounded number of
 * connections in their handshake however many arrive ({@link io.hbench.bsp.trust.Admission},
 * {@link io.hbench.bsp.trust.ProvingListener}); what is refused is told in one line per address
 * ({@link io.hbench.bsp.trust.RefusalLog}). Apart, so that what guards the network can be read on its own; the
 * transport and the coordination stand on it.
 */
package io.hbench.bsp.trust;
