package io.hbench.bsp.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hbench.bsp.BspSettings;
import io.hbench.error.BenchException;
import io.hbench.error.ErrorCode;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class LinkSettingsTest {
    @Test
    void theBarrierIsChosenByTheJobsSizeUnlessItIsSet() {
        Barrier auto = LinkSettings.from(new Configuration(false)).barrier();

        assertThat(auto).isEqualTo(Barrier.AUTO);
        assertThat(auto.resolve(2)).isEqualTo(Barrier.DIRECT);
        assertThat(auto.resolve(Barrier.DIRECT_MAX_PEERS)).isEqualTo(Barrier.DIRECT);
        assertThat(auto.resolve(Barrier.DIRECT_MAX_PEERS + 1)).isEqualTo(Barrier.DISSEMINATION);
        assertThat(Barrier.DIRECT.resolve(5000)).isEqualTo(Barrier.DIRECT);
        assertThat(Barrier.DISSEMINATION.resolve(2)).isEqualTo(Barrier.DISSEMINATION);
    }

    @Test
    void theBarrierSettingIsReadInAnyCaseAndABadOneIsOneLineNamingTheKey() {
        Configuration conf = new Configuration(false);
        conf.set(BspSettings.BARRIER_KEY, " Dissemination ");
        assertThat(LinkSettings.from(conf).barrier()).isEqualTo(Barrier.DISSEMINATION);

        conf.set(BspSettings.BARRIER_KEY, "tree");
        BenchException failure = catchThrowableOfType(() -> LinkSettings.from(conf), BenchException.class);

        assertThat(failure.errorCode()).isEqualTo(ErrorCode.INVALID_ARGUMENT);
        assertThat(failure.getMessage())
                .isEqualTo("-D hbench.bsp.barrier=tree: the barrier must be auto, direct or dissemination");
    }
}
