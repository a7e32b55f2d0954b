package io.hbench.replay;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AuditLogSynthesizerTest {
    @TempDir
    Path dir;

    private final AuditLogSynthesizer synthesizer = new AuditLogSynthesizer();

    private static SynthesisSpec.Builder spec(String mix, double rate, int seconds) {
        return SynthesisSpec.builder().mix(mix).rate(rate).duration(Duration.ofSeconds(seconds));
    }

    private static String everyCommand() {
        return Arrays.stream(AuditCommand.values()).map(command -> command.label() + "=1")
                .collect(Collectors.joining(","));
    }

    private String log(SynthesisSpec spec) throws IOException {
        StringWriter out = new StringWriter();
        assertThat(synthesizer.write(spec, out)).isEqualTo(spec.commands());
        return out.toString();
    }

    private List<AuditEntry> entries(SynthesisSpec spec) throws IOException {
        return log(spec).lines().map(line -> {
            AuditLine parsed = AuditLine.parse(line);
            assertThat(parsed.kind()).as(line).isEqualTo(AuditLine.Kind.REPLAYABLE);
            return parsed.entry().orElseThrow();
        }).collect(Collectors.toList());
    }

    @Test
    void writesTheSameBytesForTheSameSpecAndOthersForAnotherSeed() throws IOException {
        SynthesisSpec spec = spec(everyCommand(), 50, 10).seed(7).build();

        String first = log(spec);

        assertThat(log(spec)).isEqualTo(first);
        assertThat(log(spec(everyCommand(), 50, 10).seed(8).build())).isNotEqualTo(first);
    }

    @Test
    void writesRateTimesDurationLinesEvenlySpacedFromTheStart() throws IOException {
        SynthesisSpec spec = spec("open=1", 4, 2).build();

        List<AuditEntry> entries = entries(spec);

        assertThat(entries).extracting(AuditEntry::timeMillis).containsExactly(SynthesisSpec.START,
                SynthesisSpec.START + 250, SynthesisSpec.START + 500, SynthesisSpec.START + 750,
                SynthesisSpec.START + 1000, SynthesisSpec.START + 1250, SynthesisSpec.START + 1500,
                SynthesisSpec.START + 1750);
        assertThat(log(spec)).startsWith("2026-01-01 00:00:00,000 INFO FSNamesystem.audit: allowed=true\tugi=user")
                .endsWith("\tproto=rpc\n");
    }

    @Test
    void writesTheStandardFieldsFromTheGivenSources() throws IOException {
        List<AuditEntry> entries = entries(spec(everyCommand(), 100, 20).sources(3).build());

        assertThat(entries).hasSize(2000);
        assertThat(entries).extracting(AuditEntry::command).containsOnly(AuditCommand.values());
        assertThat(entries).extracting(AuditEntry::ip).containsOnly("10.0.0.1", "10.0.0.2", "10.0.0.3");
        assertThat(entries).allSatisfy(entry -> {
            assertThat(entry.ugi()).isEqualTo(entry.user() + " (auth:SIMPLE)");
            assertThat(entry.user()).isEqualTo("user" + entry.ip().substring("10.0.0.".length()));
            assertThat(entry.src()).startsWith(entry.command() == AuditCommand.CONCAT ? "[/synth/" : "/synth/");
            assertThat(entry.dst().isPresent()).isEqualTo(entry.command() == AuditCommand.RENAME
                    || entry.command() == AuditCommand.CONCAT);
            entry.perm().ifPresent(perm -> assertThat(perm).matches("user\\d+:hadoop:[rwx-]{9}"));
        });
        assertThat(entries.stream().filter(entry -> entry.command() == AuditCommand.SET_PERMISSION))
                .allSatisfy(entry -> assertThat(entry.perm()).isPresent());
    }

    @Test
    void drawsCommandsInTheProportionsOfTheirWeights() throws IOException {
        // 10,000 draws: each count within 5 standard deviations of its expectation.
        Map<AuditCommand, Long> counts = entries(spec("create=1,open=8,delete=1", 1000, 10).build()).stream()
                .collect(Collectors.groupingBy(AuditEntry::command, () -> new EnumMap<>(AuditCommand.class),
                        Collectors.counting()));

        assertThat(counts.values().stream().mapToLong(Long::longValue).sum()).isEqualTo(10_000);
        assertThat(counts.get(AuditCommand.OPEN)).isBetween(8000L - 200, 8000L + 200);
        assertThat(counts.get(AuditCommand.CREATE)).isBetween(1000L - 150, 1000L + 150);
        assertThat(counts.get(AuditCommand.DELETE)).isBetween(1000L - 150, 1000L + 150);
    }

    @Test
    void namesPathsThatExistWhenTheLogReachesThem() throws IOException {
        Set<String> dirs = new HashSet<>();
        for (int d = 0; d < 8; d++) {
            dirs.add("/synth/dir" + d);
        }
        Set<String> gone = new HashSet<>();
        Set<String> files = new HashSet<>();
        Function<String, Boolean> expected = path -> !files.contains(path) && !gone.contains(path)
                && path.matches("/synth/dir\\d+(/sub\\d+)*/file\\d+");

        String consumingMix = everyCommand().replace("delete=1", "delete=10").replace("rename=1", "rename=10");
        for (AuditEntry entry : entries(spec(consumingMix, 500, 20).build())) {
            String src = entry.src();
            switch (entry.command()) {
                case CREATE:
                    assertThat(dirs).contains(parent(src));
                    assertThat(files.add(src) && !gone.contains(src)).as("a new name: " + src).isTrue();
                    break;
                case MKDIRS:
                    assertThat(dirs).contains(parent(src));
                    assertThat(dirs.add(src)).as("a new directory: " + src).isTrue();
                    break;
                case LIST_STATUS:
                case CONTENT_SUMMARY:
                    assertThat(dirs).contains(src);
                    break;
                case DELETE:
                    assertThat(files.remove(src) || expected.apply(src)).as("exists: " + src).isTrue();
                    gone.add(src);
                    break;
                case RENAME:
                    assertThat(files.remove(src) || expected.apply(src)).as("exists: " + src).isTrue();
                    gone.add(src);
                    assertThat(files.add(entry.dst().orElseThrow())).isTrue();
                    break;
                case CONCAT:
                    String target = entry.dst().orElseThrow();
                    assertThat(files.contains(target) || expected.apply(target)).as("exists: " + target).isTrue();
                    files.add(target);
                    for (String source : src.substring(1, src.length() - 1).split(", ")) {
                        assertThat(parent(source)).isEqualTo(parent(target));
                        assertThat(expected.apply(source)).as("expected: " + source).isTrue();
                        gone.add(source);
                    }
                    break;
                default:
                    assertThat(files.contains(src) || expected.apply(src)).as(entry + " on a file that exists")
                            .isTrue();
                    files.add(src);
                    break;
            }
        }
        assertThat(gone).isNotEmpty();
    }

    private static String parent(String path) {
        return path.substring(0, path.lastIndexOf('/'));
    }

    @Test
    void writesAGzippedLogThatAuditLogsReadsBack() throws IOException {
        SynthesisSpec spec = spec(everyCommand(), 200, 5).build();
        Path file = dir.resolve("audit.log.gz");
        try (OutputStream out = Files.newOutputStream(file)) {
            assertThat(synthesizer.write(spec, out, true)).isEqualTo(1000);
        }

        ReplayLog log = new AuditLogs(new Configuration()).read(List.of(file.toString()), ReplayWindow.WHOLE_LOG);

        assertThat(log.lines()).isEqualTo(1000);
        assertThat(log.entries()).hasSize(1000);
        assertThat(log.skipped().problemCount()).isZero();
        assertThat(log.entries().stream().map(AuditEntry::toString).collect(Collectors.toList()))
                .isEqualTo(entries(spec).stream().map(AuditEntry::toString).collect(Collectors.toList()));
    }

    @Test
    void numbersAddressesFromOneInTheLowBytes() {
        assertThat(AuditLogSynthesizer.address(1)).isEqualTo("10.0.0.1");
        assertThat(AuditLogSynthesizer.address(256)).isEqualTo("10.0.1.0");
        assertThat(AuditLogSynthesizer.address(65_536)).isEqualTo("10.1.0.0");
    }
}
