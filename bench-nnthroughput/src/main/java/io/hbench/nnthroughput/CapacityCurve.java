package io.hbench.nnthroughput;

import static java.util.Objects.requireNonNull;

import io.hbench.load.LoadOutcome;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a capacity curve found, step by step: one open-loop step per offered rate, in increasing order, each either
 * kept its schedule and met the latency objective, or missed the objective, or saturated (ended more than
 * {@link LoadOutcome#BEHIND_TOLERANCE} of its length behind schedule), which ends the ramp. The answer is the
 * achieved rate of the highest step that passed, and the knee lies between its offered rate and the next step's, the
 * first that failed above it. A lower step that missed the objective (a stall, a cold start) does not lower the
 * answer; the report names it. Immutable.
 */
public final class CapacityCurve {
    /** How a step went. */
    public enum Verdict {
        KEPT("kept schedule"),
        MISSED_OBJECTIVE("missed objective"),
        SATURATED("saturated");

        private final String label;

        Verdict(String label) {
            this.label = label;
        }

        /** As the step's line says it. */
        public String label() {
            return label;
        }
    }

    /** Runs one step of a curve and returns what its open loop did. */
    @FunctionalInterface
    interface StepRunner {
        /** Runs step {@code number} (from 1): {@code operations} operations offered at {@code rate} per second. */
        OpResult run(int number, double rate, int operations) throws IOException, InterruptedException;
    }

    /** One step: its offered rate and what it did. */
    public static final class Step {
        private final int number;
        private final double offeredRate;
        private final OpResult result;
        private final LoadOutcome load;
        private final long objectiveNanos;
        private final Verdict verdict;

        private Step(int number, double offeredRate, OpResult result, LatencyObjective slo) {
            this.number = number;
            this.offeredRate = offeredRate;
            this.result = result;
            this.load = result.openLoop().orElseThrow(() -> new IllegalArgumentException("step " + number
                    + " ran no open loop"));
            this.objectiveNanos = slo.valueNanos(load.latency());
            this.verdict = !load.keptSchedule() ? Verdict.SATURATED
                    : objectiveNanos > slo.boundNanos() ? Verdict.MISSED_OBJECTIVE : Verdict.KEPT;
        }

        /** From 1, in offered order. */
        public int number() {
            return number;
        }

        /** Operations per second the step offered. */
        public double offeredRate() {
            return offeredRate;
        }

        /** The step's figures, as one run at its rate gives them. */
        public OpResult result() {
            return result;
        }

        public LoadOutcome load() {
            return load;
        }

        /** The latency at the objective's percentile, in nanoseconds. */
        public long objectiveNanos() {
            return objectiveNanos;
        }

        public Verdict verdict() {
            return verdict;
        }

        public boolean passed() {
            return verdict == Verdict.KEPT;
        }
    }

    private final CurvePlan plan;
    private final List<Step> steps;

    /** @param results the steps that ran, in offered order: the plan's first rates, each an open loop */
    CapacityCurve(CurvePlan plan, List<OpResult> results) {
        this.plan = requireNonNull(plan, "plan is null");
        if (requireNonNull(results, "results is null").isEmpty() || results.size() > plan.rates().size()) {
            throw new IllegalArgumentException("a curve of " + plan.rates().size() + " rates ran " + results.size()
                    + " steps");
        }
        List<Step> made = new ArrayList<>();
        for (int i = 0; i < results.size(); i++) {
            made.add(new Step(i + 1, plan.rates().get(i), results.get(i), plan.slo()));
        }
        this.steps = List.copyOf(made);
    }

    /** Runs the plan's steps in order until one saturates or all have run; returns what each did. */
    static List<OpResult> run(CurvePlan plan, StepRunner runner) throws IOException, InterruptedException {
        List<OpResult> results = new ArrayList<>();
        for (double rate : plan.rates()) {
            OpResult result = runner.run(results.size() + 1, rate, Math.toIntExact(plan.operations(rate)));
            results.add(result);
            if (!result.openLoop().orElseThrow().keptSchedule()) {
                break;
            }
        }
        return results;
    }

    public CurvePlan plan() {
        return plan;
    }

    /** The steps that ran: after a saturated one, none. */
    public List<Step> steps() {
        return steps;
    }

    /** The highest step that kept its schedule and met the objective; empty when none did. */
    public Optional<Step> sustained() {
        for (int i = steps.size() - 1; i >= 0; i--) {
            if (steps.get(i).passed()) {
                return Optional.of(steps.get(i));
            }
        }
        return Optional.empty();
    }

    /**
     * The first step that failed above {@link #sustained} (the first step when none passed): the knee lies below its
     * offered rate. Empty when the highest step that ran passed.
     */
    public Optional<Step> knee() {
        int next = sustained().map(Step::number).orElse(0);
        return next < steps.size() ? Optional.of(steps.get(next)) : Optional.empty();
    }

    /** The steps below {@link #sustained} that missed the objective, in offered order. */
    public List<Step> missedBelow() {
        int below = sustained().map(Step::number).orElse(0) - 1;
        List<Step> missed = new ArrayList<>();
        for (int i = 0; i < below; i++) {
            if (!steps.get(i).passed()) {
                missed.add(steps.get(i));
            }
        }
        return missed;
    }

    /** The achieved rate of {@link #sustained}, operations per second; 0 when no step passed. */
    public double sustainedRate() {
        return sustained().map(step -> step.load().achievedRate()).orElse(0.0);
    }
}
