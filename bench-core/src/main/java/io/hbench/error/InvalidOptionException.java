package io.hbench.error;

import static java.util.Objects.requireNonNull;

import java.util.List;
import java.util.function.Function;

/**
 * A value a benchmark's options refuse. Its message names the options as the library calls them ({@code nrFiles}),
 * so a library caller reads the names it used; a program's tool names them by its flags instead ({@code -nrFiles},
 * {@code <msgSize>}) with {@link #messageNaming}. Options are validated in one place, the benchmark's builder and its
 * resolution against the cluster, and only the words differ.
 */
public final class InvalidOptionException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    private static final String PLACE = "{}";

    private final String template;
    private final List<String> options;

    /**
     * @param template the message, with {@code {}} where each of {@code options} is named, in their order
     * @param options the names of the options the message speaks of
     */
    public InvalidOptionException(String template, String... options) {
        super(render(template, List.of(options), Function.identity()));
        this.template = template;
        this.options = List.of(options);
    }

    /** The options the message names, in order. */
    public List<String> options() {
        return options;
    }

    /** The message with each option named by {@code naming}, e.g. by its flag. */
    public String messageNaming(Function<String, String> naming) {
        return render(template, options, requireNonNull(naming, "naming is null"));
    }

    private static String render(String template, List<String> options, Function<String, String> naming) {
        requireNonNull(template, "template is null");
        StringBuilder message = new StringBuilder();
        int from = 0;
        for (String option : options) {
            int place = template.indexOf(PLACE, from);
            if (place < 0) {
                throw new IllegalArgumentException("the message names fewer options than " + options + ": " + template);
            }
            message.append(template, from, place).append(naming.apply(option));
            from = place + PLACE.length();
        }
        if (template.indexOf(PLACE, from) >= 0) {
            throw new IllegalArgumentException("the message names more options than " + options + ": " + template);
        }
        return message.append(template.substring(from)).toString();
    }
}
