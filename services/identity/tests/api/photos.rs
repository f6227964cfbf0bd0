//! Photos through the image door (`sise_platform::image`): parallel uploads of pictures
//! over the pixel budget, and of the largest ones it accepts, keep the process's peak
//! memory under a stated bound.
//!
//! Peak memory is the process's (`VmHWM`), and the other tests of this binary run on
//! threads of the same process, so the measured part runs in a process of its own: the
//! test runs this binary again, filtered to the ignored [`peak_rss_child`], which uploads
//! against an identity service of its own and prints what it measured.

use std::process::Command;

use sise_platform::db::Backend;
use sise_platform::error::DomainError;
use sise_platform::image::{DECODE_MARGIN_BYTES, ImageSettings};
use sise_platform::testing::images::{
    Fill, jpeg_claiming, peak_rss_kib, photo_jpeg, png_filled, reset_peak_rss, rss_kib,
};
use sise_proto::identity::v1 as pb;

use crate::helpers::TestApp;

/// Set in the child's environment: only then does [`peak_rss_child`] run.
const CHILD_ENV: &str = "SISE_PHOTOS_PEAK_RSS_CHILD";
/// Uploads sent at once, in each of the two rounds.
const PARALLEL: usize = 8;
const MIB: u64 = 1024 * 1024;

/// The bound on the peak's growth during the uploads: every decode slot holding the
/// largest decode the door accepts (its pixel budget at 4 bytes, plus the decoder's
/// margin), and every upload's bytes held three times at once (the client's message, the
/// server's decoded message, the JPEG decoder's copy), plus 48 MiB for the allocator's
/// arenas and the runtime's threads. With the default settings (2 slots, 16 MP, 5 MB)
/// that is 2 × 77 + 8 × 3 × 5 + 48 = 322 MiB; before the door, the same 8 uploads of a
/// 20000×20000 picture alone grew the process by gigabytes.
fn bound_mib(settings: &ImageSettings, max_upload: u64) -> u64 {
    let decode = (settings.max_decoded_bytes() + DECODE_MARGIN_BYTES).div_ceil(MIB);
    settings.decode_permits as u64 * decode + PARALLEL as u64 * 3 * max_upload.div_ceil(MIB) + 48
}

#[test]
fn parallel_uploads_keep_the_peak_memory_bounded() {
    let output = Command::new(std::env::current_exe().expect("this test binary"))
        .args([
            "photos::peak_rss_child",
            "--exact",
            "--ignored",
            "--nocapture",
        ])
        .env(CHILD_ENV, "1")
        .output()
        .expect("run the child");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "child failed:\n{stdout}\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let line = stdout
        .lines()
        .find(|line| line.starts_with("peak-rss "))
        .unwrap_or_else(|| panic!("the child's measurement:\n{stdout}"));
    let field = |name: &str| -> u64 {
        line.split_whitespace()
            .find_map(|pair| pair.strip_prefix(&format!("{name}=")))
            .and_then(|v| v.parse().ok())
            .unwrap_or_else(|| panic!("{name} in {line}"))
    };
    let (baseline, peak, bound) = (field("baseline_kib"), field("peak_kib"), field("bound_mib"));
    let growth_mib = peak.saturating_sub(baseline) / 1024;
    eprintln!("{line}: grew {growth_mib} MiB of {bound} MiB allowed");
    assert!(
        growth_mib <= bound,
        "peak memory grew {growth_mib} MiB during the uploads, over the bound of {bound} MiB ({line})"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "the measured part of parallel_uploads_keep_the_peak_memory_bounded, in its own process"]
async fn peak_rss_child() {
    if std::env::var_os(CHILD_ENV).is_none() {
        return;
    }
    let app = TestApp::spawn(Backend::Sqlite).await;
    let kakao = app.kakao_token("사진가").await;
    let user = app.sign_up(&kakao).await;
    // The service's own bounds (config/, and any SISE__… override of them).
    let settings: ImageSettings = sise_platform::config::Config::load_from(
        &sise_platform::testing::repo_root().join("config"),
        "local",
    )
    .and_then(|config| config.section("services.identity.images"))
    .unwrap_or_default();
    let max_upload: u64 = 5 * MIB;

    // The pictures are made before the measurement starts.
    let oversized = [
        png_filled(20_000, 20_000, Fill::Gray1),
        jpeg_claiming(20_000, 20_000),
    ];
    let side = (settings.max_pixels as f64).sqrt() as u32;
    let largest = [
        png_filled(side, side, Fill::Rgba8([30, 120, 200, 128])),
        photo_jpeg(side, side),
    ];
    for picture in oversized.iter().chain(&largest) {
        assert!(
            picture.len() as u64 <= max_upload,
            "{} bytes",
            picture.len()
        );
    }
    let baseline = if reset_peak_rss() {
        rss_kib()
    } else {
        peak_rss_kib()
    }
    .expect("/proc/self/status");

    let mut outcomes = std::collections::BTreeMap::<String, usize>::new();
    for (round, pictures) in [("oversized", &oversized), ("largest", &largest)] {
        let mut calls = tokio::task::JoinSet::new();
        for n in 0..PARALLEL {
            let mut client = app.client.clone();
            let request = app.as_member(
                pb::SetAvatarRequest {
                    image: pictures[n % pictures.len()].clone(),
                },
                user.id,
            );
            calls.spawn(async move { client.set_avatar(request).await });
        }
        for answer in calls.join_all().await {
            let outcome = match answer {
                Ok(_) => "stored".to_owned(),
                Err(status) => DomainError::from_status(&status).code.as_str().to_owned(),
            };
            let expected: &[&str] = if round == "oversized" {
                &["image_too_many_pixels", "image_busy"]
            } else {
                &["stored", "image_busy"]
            };
            assert!(expected.contains(&outcome.as_str()), "{round}: {outcome}");
            *outcomes.entry(format!("{round}:{outcome}")).or_default() += 1;
        }
    }
    let peak = peak_rss_kib().expect("/proc/self/status");
    // Not vacuous: pictures were refused by their header, and the largest were decoded.
    assert!(
        outcomes.contains_key("oversized:image_too_many_pixels"),
        "{outcomes:?}"
    );
    assert!(outcomes.contains_key("largest:stored"), "{outcomes:?}");
    println!(
        "peak-rss baseline_kib={baseline} peak_kib={peak} bound_mib={} outcomes={outcomes:?}",
        bound_mib(&settings, max_upload)
    );
    app.stop().await;
}
