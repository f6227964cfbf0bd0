//! The baseline: a bare hyper 1.x HTTP/1.1 server that answers every GET with one fixed
//! response, so a request to Sise can be compared with the same bytes served by nothing but
//! hyper on the same machine in the same run ("what the hardware can do").
//!
//! `bare-hyper --body FILE [--listen 127.0.0.1:0] [--content-type TYPE] [--status CODE]
//! [--header 'K: V']...`
//!
//! Prints `listening on http://ADDR` on stdout first (scripts read the port from it), then
//! serves until killed: tokio's multi-thread runtime, one task per connection, Nagle off.
//! Other methods than GET and HEAD get 405.

use std::convert::Infallible;
use std::io::Write;
use std::net::SocketAddr;
use std::sync::Arc;

use anyhow::Context;
use bytes::Bytes;
use http::{HeaderMap, HeaderValue, Method, Response, StatusCode, header};
use http_body_util::Full;
use hyper::body::Incoming;
use hyper::service::service_fn;
use hyper_util::rt::TokioIo;
use sise_bench::{args, net};
use tokio::net::TcpListener;

struct Options {
    listen: SocketAddr,
    body: Bytes,
    status: StatusCode,
    headers: HeaderMap,
}

fn options() -> anyhow::Result<Options> {
    let mut args = std::env::args().skip(1);
    let mut listen: SocketAddr = "127.0.0.1:0".parse()?;
    let mut body = None;
    let mut status = StatusCode::OK;
    let mut content_type = HeaderValue::from_static("application/json");
    let mut headers = HeaderMap::new();
    while let Some(flag) = args.next() {
        match flag.as_str() {
            "--listen" => listen = args::parse(&mut args, &flag)?,
            "--body" => {
                let path = args::value(&mut args, &flag)?;
                body = Some(std::fs::read(&path).with_context(|| format!("read {path}"))?);
            }
            "--content-type" => content_type = args::value(&mut args, &flag)?.parse()?,
            "--status" => status = StatusCode::from_u16(args::parse(&mut args, &flag)?)?,
            "--header" => {
                let (name, value) = net::header(&args::value(&mut args, &flag)?)?;
                headers.append(name, value);
            }
            other => anyhow::bail!(
                "unknown option {other}; usage: bare-hyper --body FILE [--listen ADDR] \
                 [--content-type TYPE] [--status CODE] [--header 'K: V']..."
            ),
        }
    }
    anyhow::ensure!(
        listen.ip().is_loopback(),
        "bare-hyper listens on loopback only"
    );
    // A 304 has no content type; anything else gets the one given (or JSON).
    if status != StatusCode::NOT_MODIFIED && !headers.contains_key(header::CONTENT_TYPE) {
        headers.insert(header::CONTENT_TYPE, content_type);
    }
    Ok(Options {
        listen,
        body: body.context("--body FILE is required")?.into(),
        status,
        headers,
    })
}

/// The one response, cloned per request (the header map is the only allocation, as in any
/// server that builds a response).
struct Fixed {
    body: Bytes,
    status: StatusCode,
    headers: HeaderMap,
}

impl Fixed {
    fn answer(&self, request: &http::Request<Incoming>) -> Response<Full<Bytes>> {
        let (status, body) = match *request.method() {
            Method::GET => (self.status, self.body.clone()),
            Method::HEAD => (self.status, Bytes::new()),
            _ => (StatusCode::METHOD_NOT_ALLOWED, Bytes::new()),
        };
        let mut response = Response::new(Full::new(body));
        *response.status_mut() = status;
        *response.headers_mut() = self.headers.clone();
        response
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let options = options()?;
    let listener = TcpListener::bind(options.listen).await?;
    let fixed = Arc::new(Fixed {
        body: options.body,
        status: options.status,
        headers: options.headers,
    });
    {
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "listening on http://{}", listener.local_addr()?)?;
        stdout.flush()?;
    }
    loop {
        let (stream, _) = match listener.accept().await {
            Ok(accepted) => accepted,
            // Out of descriptors or similar: keep serving the connections there are.
            Err(error) => {
                eprintln!("accept: {error}");
                tokio::time::sleep(std::time::Duration::from_millis(10)).await;
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let fixed = fixed.clone();
        tokio::spawn(async move {
            let service = service_fn(move |request| {
                let response = fixed.answer(&request);
                async move { Ok::<_, Infallible>(response) }
            });
            // A client going away mid-request is not the baseline's concern.
            let _ = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service)
                .await;
        });
    }
}
