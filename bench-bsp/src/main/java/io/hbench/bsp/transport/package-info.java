/**
 * How the peers' data travels: the frames on a link ({@link io.hbench.bsp.transport.Frames}), one outbound link per
 * destination a peer sends to, one selector thread for all of a peer's inbound links
 * ({@link io.hbench.bsp.transport.InboundLinks}), the ledger of what arrived, the watchdog on a link that stops
 * moving, the pacing of retries at a crowded listener ({@link io.hbench.bsp.transport.Backoff}) and the choice of
 * addresses. It knows nothing of the coordinator: links hand what arrives to a
 * {@link io.hbench.bsp.transport.Receiver}.
 * Apart from {@link io.hbench.bsp.transport.LinkDecorator}, which tests and tools use to shape links, what is public
 * here is public for the coordination and runners packages only.
 */
package io.hbench.bsp.transport;
