package io.hbench.result.format;

import java.util.Locale;
import java.util.stream.Stream;

/**
 * Default locales that format numbers differently ("1.234,5", "1 234,5", Arabic-Indic digits, Indian grouping),
 * for checking that output ignores the default locale.
 */
final class DefaultLocales {
    private DefaultLocales() {}

    static Stream<Locale> locales() {
        return Stream.of(
                Locale.ROOT,
                Locale.US,
                Locale.GERMANY,
                Locale.FRANCE,
                new Locale("ar"),
                new Locale("hi", "IN"));
    }

    interface Action {
        void run() throws Exception;
    }

    /** Runs {@code action} with {@code locale} as every default locale, then restores the previous defaults. */
    static void withDefaultLocale(Locale locale, Action action) throws Exception {
        Locale saved = Locale.getDefault();
        Locale savedFormat = Locale.getDefault(Locale.Category.FORMAT);
        Locale savedDisplay = Locale.getDefault(Locale.Category.DISPLAY);
        Locale.setDefault(locale);
        try {
            action.run();
        } finally {
            Locale.setDefault(saved);
            Locale.setDefault(Locale.Category.FORMAT, savedFormat);
            Locale.setDefault(Locale.Category.DISPLAY, savedDisplay);
        }
    }
}
