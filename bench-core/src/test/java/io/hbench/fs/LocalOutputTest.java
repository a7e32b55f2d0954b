package io.hbench.fs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LocalOutputTest {
    private static final LocalOutput.Kind LINES = LocalOutput.Kind.appendedLines("a test log",
            Pattern.compile("----- Test ----- : .*"));

    @TempDir
    Path temp;

    @Test
    void aMissingDirectoryIsNamed() {
        assertNotWritable(Paths.get("/proc/nope/x.json"), "-json /proc/nope/x.json: no such directory /proc/nope");
        assertNotWritable(temp.resolve("a/b/x.json"), "-json " + temp.resolve("a/b/x.json") + ": no such directory "
                + temp.resolve("a/b"));
    }

    @Test
    void aDirectoryIsNoOutputFile() {
        assertNotWritable(temp, "-json " + temp + ": is a directory");
    }

    @Test
    void aFileInPlaceOfTheDirectoryIsNamed() throws IOException {
        Path file = Files.writeString(temp.resolve("plain"), "x");
        assertNotWritable(file.resolve("x.json"), "-json " + file.resolve("x.json") + ": " + file
                + " is a file, not a directory");
    }

    @Test
    void aDirectoryThatRefusesNewFilesIsPermissionDeniedEvenForRoot() {
        // sysfs refuses to create files to everyone, root included, so this holds where the tests run as root.
        assertNotWritable(Paths.get("/sys/x.json"), "-json /sys/x.json: permission denied in /sys");
        assertNotWritable(Paths.get("/proc/x.json"), "-json /proc/x.json: /proc takes no new files");
    }

    @Test
    void aForeignFileIsLeftAloneUnlessOverwriteIsGiven() throws IOException {
        Path notes = Files.writeString(temp.resolve("notes.json"), "{\"mine\": true}\n");

        assertThatThrownBy(() -> LocalOutput.check("-json", notes, LocalOutput.Kind.RESULT_JSON, false))
                .isInstanceOf(BenchException.class)
                .hasMessage("-json " + notes + ": the file exists and is not an hbench result, so it is left alone:"
                        + " name another file, or add -overwrite to write to it anyway")
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.OUTPUT_NOT_HBENCH);
        assertThat(Files.readString(notes)).isEqualTo("{\"mine\": true}\n");

        LocalOutput.check("-json", notes, LocalOutput.Kind.RESULT_JSON, true).write(writer -> writer.write("new"));
        assertThat(Files.readString(notes)).isEqualTo("new");
    }

    @Test
    void hbenchsOwnEarlierOutputIsReplacedWithoutOverwrite() throws IOException {
        Path result = Files.writeString(temp.resolve("r.json"), "{\n  \"schema\" : \"hbench-result/1\",\n  \"x\": 1}\n");
        Path report = Files.writeString(temp.resolve("r.html"), "<!DOCTYPE html>\n<head>\n"
                + LocalOutput.REPORT_GENERATOR + "\n");

        LocalOutput.check("-json", result, LocalOutput.Kind.RESULT_JSON, false).write(writer -> writer.write("{}"));
        LocalOutput.check("-out", report, LocalOutput.Kind.REPORT_HTML, false).write(writer -> writer.write("<p>"));

        assertThat(Files.readString(result)).isEqualTo("{}");
        assertThat(Files.readString(report)).isEqualTo("<p>");
        assertThatThrownBy(() -> LocalOutput.check("-out", result, LocalOutput.Kind.REPORT_HTML, false))
                .hasMessageContaining("is not an hbench report");
    }

    @Test
    void linesAreAppendedToTheProgramsOwnLogAndTheEarlierLinesKept() throws IOException {
        Path log = temp.resolve("results.log");
        LocalOutput.check("-resFile", log, LINES, false).append(List.of("----- Test ----- : one", "a"));
        LocalOutput.check("-resFile", log, LINES, false).append(List.of("----- Test ----- : two"));

        assertThat(Files.readAllLines(log)).containsExactly("----- Test ----- : one", "a", "----- Test ----- : two");
        assertThat(siblings()).containsExactly("results.log");
    }

    @Test
    void anEmptyFileCountsAsTheProgramsLogAndAnotherLogDoesNot() throws IOException {
        Path empty = Files.createFile(temp.resolve("empty.log"));
        Path other = Files.writeString(temp.resolve("other.log"), "\n\nsomething else\n");

        LocalOutput.check("-resFile", empty, LINES, false);
        assertThatThrownBy(() -> LocalOutput.check("-resFile", other, LINES, false))
                .hasMessageContaining("is not a test log");
    }

    @Test
    void aFailedWriteLeavesTheEarlierFileWholeAndNoTemporaryBehind() throws IOException {
        Path result = Files.writeString(temp.resolve("r.json"), "{\"schema\" : \"hbench-result/2\"}");
        LocalOutput output = LocalOutput.check("-json", result, LocalOutput.Kind.RESULT_JSON, false);

        assertThatThrownBy(() -> output.write(writer -> {
            writer.write("{\"schema\" : \"hbench-res");
            throw new IOException("No space left on device");
        })).hasMessage("No space left on device");

        assertThat(Files.readString(result)).isEqualTo("{\"schema\" : \"hbench-result/2\"}");
        assertThat(siblings()).containsExactly("r.json");
    }

    @Test
    void aDirectoryToWriteInMayBeNewButItsParentMustExist() throws IOException {
        LocalOutput.checkDirectory("-out", temp.resolve("suite"));
        LocalOutput.checkDirectory("-out", temp);
        assertThatThrownBy(() -> LocalOutput.checkDirectory("-out", Paths.get("/proc/x")))
                .hasMessage("-out /proc/x: /proc takes no new files");
        Path file = Files.writeString(temp.resolve("f"), "x");
        assertThatThrownBy(() -> LocalOutput.checkDirectory("-out", file))
                .hasMessage("-out " + file + ": is a file, not a directory");
        assertThat(siblings()).containsExactly("f");
    }

    private void assertNotWritable(Path file, String message) {
        assertThatThrownBy(() -> LocalOutput.check("-json", file, LocalOutput.Kind.RESULT_JSON, false))
                .isInstanceOf(BenchException.class)
                .hasMessage(message)
                .extracting(e -> ((BenchException) e).errorCode()).isEqualTo(ErrorCode.OUTPUT_NOT_WRITABLE);
    }

    private List<String> siblings() throws IOException {
        try (Stream<Path> files = Files.list(temp)) {
            return files.map(file -> file.getFileName().toString()).sorted().collect(Collectors.toList());
        }
    }
}
