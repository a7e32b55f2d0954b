package io.hbench.report.suite;

import io.hbench.findings.Finding;
import io.hbench.findings.Findings;
import io.hbench.findings.SlowHostRule;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Whether a suite's figures say the cluster is fit, apart from whether its steps ran. The rule (docs/findings.md), the
 * first case that holds:
 * <ol>
 * <li>a step's removal left data behind (a leftover finding): not fit, by those steps and any slow host or DataNode,
 * since a file system that keeps what it was told to delete fails hbench's own clean-up whatever the load;
 * <li>a finding says load that is not hbench's held a step back: no fitness verdict, since the figures show what the
 * cluster gave beside that load;
 * <li>a step names a slow host or a slow DataNode: not fit, by those;
 * <li>a step did not pass: no fitness verdict, since its figures are missing;
 * <li>no step ran on {@value SlowHostRule#MIN_HOSTS} or more hosts: no fitness verdict, since
 * no host could be told apart;
 * <li>otherwise fit; where a read came from the DataNodes' page cache, the verdict adds that its figure is memory's, so
 * that "fit" is not read as the disks' word.
 * </ol>
 * It reads the findings' kinds and flags, never their words.
 */
final class Fitness {
    private Fitness() {
    }

    /** The verdict in one line: "Fit: ...", "Not fit: ..." or "No fitness verdict: ...". */
    static String verdict(List<SuiteOverview.Step> steps) {
        Set<String> otherLoadIn = new LinkedHashSet<>();
        Map<String, List<String>> slowIn = new LinkedHashMap<>();
        Set<String> cachedReadIn = new LinkedHashSet<>();
        Set<String> leftoverIn = new LinkedHashSet<>();
        int notPassed = 0;
        int judged = 0;
        for (SuiteOverview.Step step : steps) {
            String id = step.record().id();
            if (step.record().status() != StepRecord.Status.PASSED) {
                notPassed++;
            }
            boolean stepJudged = false;
            for (Finding finding : step.findings()) {
                if (finding.otherLoad()) {
                    otherLoadIn.add(id);
                }
                if (finding.kind() == Finding.Kind.CACHED_READ) {
                    cachedReadIn.add(id);
                }
                if (finding.kind() == Finding.Kind.LEFTOVER) {
                    leftoverIn.add(id);
                }
                if (finding.kind() == Finding.Kind.SLOW_HOST) {
                    stepJudged |= !finding.brief().equals(Findings.NOT_JUDGED);
                    finding.host().ifPresent(host -> slowIn.computeIfAbsent("slow host " + host,
                            h -> new ArrayList<>()).add(id));
                }
                if (finding.kind() == Finding.Kind.SLOW_DATANODE) {
                    slowIn.computeIfAbsent("slow DataNode " + finding.brief(), d -> new ArrayList<>()).add(id);
                }
            }
            judged += stepJudged ? 1 : 0;
        }
        if (!leftoverIn.isEmpty()) {
            List<String> causes = new ArrayList<>();
            causes.add("the file system kept data hbench removed in " + String.join(", ", leftoverIn));
            slowIn.forEach((node, stepIds) -> causes.add(node + " in " + String.join(", ", stepIds)));
            return "Not fit: " + String.join("; ", causes) + " (see the findings below).";
        }
        if (!otherLoadIn.isEmpty()) {
            return "No fitness verdict: load that is not hbench's held back " + String.join(", ", otherLoadIn)
                    + " (see the findings below), so the figures show what the cluster gave beside it, not what it"
                    + " can do.";
        }
        if (!slowIn.isEmpty()) {
            List<String> hosts = new ArrayList<>();
            slowIn.forEach((node, stepIds) -> hosts.add(node + " in " + String.join(", ", stepIds)));
            return "Not fit: " + String.join("; ", hosts) + " (see the findings below).";
        }
        if (notPassed > 0) {
            return "No fitness verdict: " + (notPassed == 1 ? "a step" : notPassed + " steps")
                    + " did not pass, so the suite lacks " + (notPassed == 1 ? "its" : "their") + " figures.";
        }
        if (judged == 0) {
            return "No fitness verdict: no step ran on " + SlowHostRule.MIN_HOSTS + " or more hosts, and it takes "
                    + SlowHostRule.MIN_HOSTS + " to tell a slow host apart.";
        }
        String cachedReads = cachedReadIn.isEmpty() ? "" : " But " + String.join(", ", cachedReadIn)
                + " read from the DataNodes' page cache: " + (cachedReadIn.size() == 1 ? "its figure is" : "their figures"
                + " are") + " memory's, not the disks' (see the findings below).";
        return "Fit: no host stands out as slow in the " + (judged == 1 ? "1 step" : judged + " steps")
                + " that ran on " + SlowHostRule.MIN_HOSTS + " or more hosts." + cachedReads;
    }
}
