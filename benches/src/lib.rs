//! Load tools for Sise's read path (issue 12): every figure is a side-by-side comparison
//! measured in one run, printed with both sides and their ratio; nothing is asserted.
//!
//! Layout:
//! - `src/bin/bare-hyper.rs`: the baseline, a bare hyper HTTP/1.1 server answering every GET
//!   with one fixed response (what the hardware can do with the same bytes).
//! - `src/bin/http-load.rs`: a wrk-like load generator, keep-alive connections with one
//!   request in flight each, latencies in an HDR histogram.
//! - `src/bin/sse-load.rs`: thousands of live-quote streams, delivered events, delay from
//!   `traded_at`, a REST probe beside them and the server's memory per connection.
//! - this library: what the three share: the runtime ([`runtime`]), flags ([`args`]), loopback targets and hyper client
//!   connections ([`net`]), histograms ([`hist`]), `/proc` readings ([`procfs`]).
//!
//! The tools only ever load loopback addresses (the machine's rule for load tests).

/// The tools' tokio runtime: current-thread for one thread (a load generator then takes at
/// most one core of two, with no work-stealing cost), else multi-thread with `threads`.
pub fn runtime(threads: usize) -> std::io::Result<tokio::runtime::Runtime> {
    if threads == 1 {
        tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
    } else {
        tokio::runtime::Builder::new_multi_thread()
            .worker_threads(threads)
            .enable_all()
            .build()
    }
}

pub mod args {
    //! Hand-rolled flag parsing: the tools take a handful of flags and need no more.
    use std::time::Duration;

    use anyhow::Context;

    /// The value after `flag`.
    pub fn value(args: &mut impl Iterator<Item = String>, flag: &str) -> anyhow::Result<String> {
        args.next().with_context(|| format!("{flag} needs a value"))
    }

    /// The value after `flag`, parsed.
    pub fn parse<T>(args: &mut impl Iterator<Item = String>, flag: &str) -> anyhow::Result<T>
    where
        T: std::str::FromStr,
        T::Err: std::error::Error + Send + Sync + 'static,
    {
        let raw = value(args, flag)?;
        raw.parse()
            .with_context(|| format!("{flag}: cannot read {raw:?}"))
    }

    /// Seconds, fractions allowed.
    pub fn seconds(
        args: &mut impl Iterator<Item = String>,
        flag: &str,
    ) -> anyhow::Result<Duration> {
        let secs: f64 = parse(args, flag)?;
        anyhow::ensure!(
            secs.is_finite() && secs >= 0.0,
            "{flag}: {secs} is not a duration"
        );
        Ok(Duration::from_secs_f64(secs))
    }
}

pub mod net {
    //! Loopback targets and HTTP/1.1 client connections made with hyper's low-level API:
    //! one connection, one request in flight, no pool (what the tools measure is the server).
    use std::net::{IpAddr, SocketAddr, ToSocketAddrs};

    use anyhow::Context;
    use bytes::Bytes;
    use http::uri::PathAndQuery;
    use http::{HeaderValue, Uri};
    use http_body_util::Full;
    use hyper::client::conn::http1::SendRequest;
    use hyper_util::rt::TokioIo;
    use tokio::net::{TcpSocket, TcpStream};

    /// A loopback `http://` URL taken apart once, so requests reuse its pieces.
    #[derive(Clone, Debug)]
    pub struct Target {
        pub addr: SocketAddr,
        /// The `Host` header value.
        pub host: HeaderValue,
        /// Origin-form request target (hyper's low-level client writes what it is given).
        pub path: PathAndQuery,
    }

    impl Target {
        pub fn parse(url: &str) -> anyhow::Result<Self> {
            let uri: Uri = url.parse().with_context(|| format!("url {url:?}"))?;
            anyhow::ensure!(
                uri.scheme_str() == Some("http"),
                "only http:// URLs, not {url}"
            );
            let authority = uri.authority().context("url without a host")?.clone();
            let port = authority.port_u16().unwrap_or(80);
            let addr = (authority.host().trim_matches(['[', ']']), port)
                .to_socket_addrs()
                .with_context(|| format!("resolve {authority}"))?
                .next()
                .context("host resolves to nothing")?;
            anyhow::ensure!(
                addr.ip().is_loopback(),
                "load tests only target loopback, not {addr}"
            );
            Ok(Self {
                addr,
                host: HeaderValue::from_str(authority.as_str())?,
                path: uri
                    .path_and_query()
                    .cloned()
                    .unwrap_or_else(|| PathAndQuery::from_static("/")),
            })
        }

        /// The same server, another path (`/x?y`) or absolute URL on the same loopback.
        pub fn join(&self, path_or_url: &str) -> anyhow::Result<Self> {
            if path_or_url.starts_with("http://") {
                return Self::parse(path_or_url);
            }
            Ok(Self {
                path: path_or_url
                    .parse()
                    .with_context(|| format!("path {path_or_url:?}"))?,
                ..self.clone()
            })
        }
    }

    /// A TCP connection with Nagle off, from `source` (any port) when given: each loopback
    /// source address has its own ephemeral ports, so many sources hold more connections.
    pub async fn connect(addr: SocketAddr, source: Option<IpAddr>) -> std::io::Result<TcpStream> {
        let stream = match source {
            None => TcpStream::connect(addr).await?,
            Some(ip) => {
                let socket = match ip {
                    IpAddr::V4(_) => TcpSocket::new_v4()?,
                    IpAddr::V6(_) => TcpSocket::new_v6()?,
                };
                socket.bind(SocketAddr::new(ip, 0))?;
                socket.connect(addr).await?
            }
        };
        stream.set_nodelay(true)?;
        Ok(stream)
    }

    /// An HTTP/1.1 client connection; its driver runs as its own task and ends with it.
    pub async fn handshake(stream: TcpStream) -> hyper::Result<SendRequest<Full<Bytes>>> {
        let (sender, connection) =
            hyper::client::conn::http1::handshake(TokioIo::new(stream)).await?;
        tokio::spawn(async move {
            // The error, if any, reaches the caller through `send_request`.
            let _ = connection.await;
        });
        Ok(sender)
    }

    /// A GET of `target` with `extra` headers.
    pub fn get(target: &Target, extra: &http::HeaderMap) -> http::Request<Full<Bytes>> {
        request(
            target,
            &http::Method::GET,
            &target.path,
            extra,
            Bytes::new(),
        )
    }

    /// A request of any method with a body (empty for a GET) to a path of the target.
    pub fn request(
        target: &Target,
        method: &http::Method,
        path: &PathAndQuery,
        extra: &http::HeaderMap,
        body: Bytes,
    ) -> http::Request<Full<Bytes>> {
        let mut request = http::Request::new(Full::new(body));
        *request.method_mut() = method.clone();
        *request.uri_mut() = Uri::from(path.clone());
        let headers = request.headers_mut();
        headers.reserve(extra.len() + 1);
        headers.insert(http::header::HOST, target.host.clone());
        for (name, value) in extra {
            headers.append(name, value.clone());
        }
        request
    }

    /// `Name: value` as given on a command line.
    pub fn header(raw: &str) -> anyhow::Result<(http::HeaderName, HeaderValue)> {
        let (name, value) = raw
            .split_once(':')
            .with_context(|| format!("header {raw:?} is not 'Name: value'"))?;
        Ok((name.trim().parse()?, value.trim().parse()?))
    }
}

pub mod hist {
    //! Latency histograms: microseconds or milliseconds, 3 significant figures.
    use hdrhistogram::Histogram;

    /// Values from 1 to `max`, 3 significant figures.
    pub fn new(max: u64) -> Histogram<u64> {
        Histogram::new_with_bounds(1, max.max(2), 3).expect("1..max at 3 figures is valid")
    }

    /// The `q` quantile of a microsecond histogram in milliseconds (NaN when empty).
    pub fn us_as_ms(h: &Histogram<u64>, q: f64) -> f64 {
        if h.is_empty() {
            f64::NAN
        } else {
            h.value_at_quantile(q) as f64 / 1_000.0
        }
    }

    /// The `q` quantile of a histogram (NaN when empty).
    pub fn at(h: &Histogram<u64>, q: f64) -> f64 {
        if h.is_empty() {
            f64::NAN
        } else {
            h.value_at_quantile(q) as f64
        }
    }
}

pub mod procfs {
    //! Readings from `/proc`: another process's (or this one's) resident memory and CPU time,
    //! and how busy the whole machine is.

    /// `VmRSS` of `pid` (`"self"` for this process) in bytes.
    pub fn rss_bytes(pid: &str) -> anyhow::Result<u64> {
        let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
        let kib = status
            .lines()
            .find_map(|line| line.strip_prefix("VmRSS:"))
            .and_then(|rest| rest.split_whitespace().next())
            .ok_or_else(|| anyhow::anyhow!("no VmRSS in /proc/{pid}/status"))?
            .parse::<u64>()?;
        Ok(kib * 1_024)
    }

    /// User plus system CPU seconds `pid` has used so far.
    pub fn cpu_seconds(pid: &str) -> anyhow::Result<f64> {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat"))?;
        // The command name (field 2) may hold spaces; the fields after it are plain.
        let rest = stat
            .rsplit_once(')')
            .map(|(_, rest)| rest)
            .ok_or_else(|| anyhow::anyhow!("unexpected /proc/{pid}/stat"))?;
        let fields: Vec<&str> = rest.split_whitespace().collect();
        // utime and stime are fields 14 and 15, i.e. 11 and 12 after the name's `)`.
        let ticks = |i: usize| -> anyhow::Result<f64> {
            Ok(fields
                .get(i)
                .ok_or_else(|| anyhow::anyhow!("short /proc/{pid}/stat"))?
                .parse::<f64>()?)
        };
        // USER_HZ is 100 on Linux whatever the kernel's own tick rate.
        Ok((ticks(11)? + ticks(12)?) / 100.0)
    }

    /// CPU seconds the whole machine has been busy (all cores, idle and I/O wait left out),
    /// so that what other processes took from a shared machine can be told apart.
    pub fn machine_busy_seconds() -> anyhow::Result<f64> {
        let stat = std::fs::read_to_string("/proc/stat")?;
        let cpu = stat
            .lines()
            .next()
            .and_then(|line| line.strip_prefix("cpu "))
            .ok_or_else(|| anyhow::anyhow!("unexpected /proc/stat"))?;
        let fields: Vec<f64> = cpu
            .split_whitespace()
            .map(str::parse)
            .collect::<Result<_, _>>()?;
        // user nice system idle iowait irq softirq steal (guest time is inside user).
        let busy: f64 = fields.iter().take(8).sum::<f64>()
            - fields.get(3).copied().unwrap_or(0.0)
            - fields.get(4).copied().unwrap_or(0.0);
        Ok(busy / 100.0)
    }

    /// The 1-minute load average.
    pub fn load_average() -> Option<f64> {
        std::fs::read_to_string("/proc/loadavg")
            .ok()?
            .split_whitespace()
            .next()?
            .parse()
            .ok()
    }
}
