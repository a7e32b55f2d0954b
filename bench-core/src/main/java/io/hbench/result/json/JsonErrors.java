package io.hbench.result.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import java.util.Locale;

/**
 * What is wrong with a file that should hold JSON, said as its reader would say it: where, and whether it was cut
 * short. Jackson's own text ("Unexpected end-of-input in field name") describes its parser, not the file.
 */
public final class JsonErrors {
    private JsonErrors() {
    }

    /** E.g. "the JSON ends early at line 12, column 3, as in a file cut short", or "not JSON at line 1, column 1". */
    public static String describe(JsonProcessingException e) {
        String where = where(e.getLocation());
        return e instanceof JsonEOFException ? "the JSON ends early" + where + ", as in a file cut short"
                : "not JSON" + where;
    }

    private static String where(JsonLocation location) {
        if (location == null || location.getLineNr() < 1) {
            return "";
        }
        return String.format(Locale.ROOT, " at line %d, column %d", location.getLineNr(), location.getColumnNr());
    }
}
