//! W3C trace context in bus headers, through the globally registered propagator
//! (so whatever `telemetry` installs — normally `TraceContextPropagator` — is used).

use opentelemetry::Context;
use opentelemetry::propagation::{Extractor, Injector};
use tracing_opentelemetry::OpenTelemetrySpanExt;

use super::Headers;

struct HeaderInjector<'a>(&'a mut Headers);

impl Injector for HeaderInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        self.0.insert(key.to_owned(), value);
    }
}

struct HeaderExtractor<'a>(&'a Headers);

impl Extractor for HeaderExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        // Propagators ask in lower case; tolerate producers that capitalised the name.
        self.0
            .get(key)
            .or_else(|| {
                self.0
                    .iter()
                    .find(|(k, _)| k.eq_ignore_ascii_case(key))
                    .map(|(_, v)| v)
            })
            .map(String::as_str)
    }

    fn keys(&self) -> Vec<&str> {
        self.0.keys().map(String::as_str).collect()
    }
}

/// Writes `span`'s context into `headers`, unless the caller already chose a parent.
pub(super) fn inject(span: &tracing::Span, headers: &mut Headers) {
    if headers
        .keys()
        .any(|k| k.eq_ignore_ascii_case("traceparent"))
    {
        return;
    }
    let cx = span.context();
    opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.inject_context(&cx, &mut HeaderInjector(headers));
    });
}

pub(super) fn extract(headers: &Headers) -> Context {
    opentelemetry::global::get_text_map_propagator(|propagator| {
        propagator.extract(&HeaderExtractor(headers))
    })
}
