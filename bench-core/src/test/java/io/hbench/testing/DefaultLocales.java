package io.hbench.testing;

import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;

/**
 * Default locales that format numbers differently ("1.234,5", "1 234,5", Arabic-Indic digits,
 * Indian grouping), for checking that output ignores the default locale.
 */
public final class DefaultLocales {
    private DefaultLocales() {
    }

    /** For {@code @MethodSource("io.hbench.testing.DefaultLocales#locales")}. */
    public static Stream<Locale> locales() {
        return Stream.of(
                Locale.ROOT,
                Locale.US,
                Locale.GERMANY,
                Locale.FRANCE,
                new Locale("ar"),
                new Locale("hi", "IN"));
    }

    /** Calls {@code action} with {@code locale} as every default locale, then restores the previous defaults. */
    public static <T> T withDefaultLocale(Locale locale, Callable<T> action) throws Exception {
        Locale saved = Locale.getDefault();
        Locale savedFormat = Locale.getDefault(Locale.Category.FORMAT);
        Locale savedDisplay = Locale.getDefault(Locale.Category.DISPLAY);
        Locale.setDefault(locale);
        try {
            return action.call();
        } finally {
            Locale.setDefault(saved);
            Locale.setDefault(Locale.Category.FORMAT, savedFormat);
            Locale.setDefault(Locale.Category.DISPLAY, savedDisplay);
        }
    }
}
