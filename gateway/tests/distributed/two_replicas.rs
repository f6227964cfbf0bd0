//! The whole system at two replicas of every process kind (identity, market, social,
//! favorites and the gateway) on a PostgreSQL cluster and a NATS server of its own, each kind
//! behind HAProxy in TCP mode with health checks on `/readyz` (what a Kubernetes Service does
//! for its pods: a new connection goes to a ready replica). The fault run and the load run
//! start it; `SISE_TEST_BIN_DIR` picks the binaries (the load run's are release builds).

use std::collections::HashMap;
use std::time::Duration;

use serde_json::json;
use sise_platform::testing::PrivateNats;
use tokio::process::Child;
use tokio_util::sync::CancellationToken;

use crate::faults::Postgres;
use crate::{free_port, service_env, spawn};

/// Process kinds in start order: social and favorites call identity and market.
pub(crate) const KINDS: [&str; 5] = ["identity", "market", "social", "favorites", "gateway"];
const KAKAO_KEY: &str = "sise-dev-app-key";

/// One replica: its binary, environment and port, and the process while it runs.
pub(crate) struct Replica {
    kind: &'static str,
    env: Vec<(String, String)>,
    pub(crate) port: u16,
    pub(crate) child: Option<Child>,
}

impl Replica {
    fn start(kind: &'static str, env: Vec<(String, String)>, port: u16) -> Self {
        let child = Some(spawn(&format!("sise-{kind}"), &env));
        Self {
            kind,
            env,
            port,
            child,
        }
    }

    pub(crate) async fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill().await;
        }
    }

    pub(crate) fn restart(&mut self) {
        self.child = Some(spawn(&format!("sise-{}", self.kind), &self.env));
    }

    /// The running process's id.
    pub(crate) fn pid(&self) -> Option<u32> {
        self.child.as_ref().and_then(Child::id)
    }
}

pub(crate) async fn wait_ready(client: &reqwest::Client, port: u16, what: &str) {
    let ready = tokio::time::timeout(Duration::from_secs(120), async {
        while !client
            .get(format!("http://127.0.0.1:{port}/readyz"))
            .send()
            .await
            .is_ok_and(|r| r.status() == 200)
        {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    })
    .await;
    assert!(ready.is_ok(), "{what} not ready within 120 s");
}

/// HAProxy's configuration: one TCP front per kind, both replicas behind it, checked on
/// `/readyz` every 500 ms (down after 2 failures, up after 2 successes); a connection
/// refused by a dead replica is sent to the other (`redispatch`).
fn haproxy_config(fronts: &[(&str, u16, [u16; 2])]) -> String {
    let mut text = String::from(
        "global\n  maxconn 4000\n\ndefaults\n  mode tcp\n  timeout connect 1s\n  \
         timeout client 1h\n  timeout server 1h\n  timeout tunnel 1h\n  retries 2\n  \
         option redispatch\n",
    );
    for (kind, front, [a, b]) in fronts {
        text.push_str(&format!(
            "\nlisten {kind}\n  bind 127.0.0.1:{front}\n  balance roundrobin\n  \
             option httpchk GET /readyz\n  \
             server a 127.0.0.1:{a} check inter 500 fall 2 rise 2\n  \
             server b 127.0.0.1:{b} check inter 500 fall 2 rise 2\n"
        ));
    }
    text
}

/// A setting for one kind's replicas: the kind, the key under its section
/// (`SISE__GATEWAY__…` or `SISE__SERVICES__{KIND}__…`) and the value.
pub(crate) type Setting = (&'static str, &'static str, String);

/// The running system (see the module note).
pub(crate) struct System {
    _dir: tempfile::TempDir,
    pub(crate) nats: PrivateNats,
    pub(crate) pg: Postgres,
    stop_kakao: CancellationToken,
    kakao: String,
    _balancer: Child,
    pub(crate) replicas: HashMap<&'static str, [Replica; 2]>,
    /// Each kind's front (HAProxy's) and its two replicas' ports.
    pub(crate) ports: HashMap<&'static str, (u16, [u16; 2])>,
    /// The gateway's front.
    pub(crate) base: String,
    pub(crate) client: reqwest::Client,
}

impl System {
    /// Starts it: the development messenger provider, PostgreSQL (`durable`: with `fsync`),
    /// NATS, HAProxy and the ten processes, each ready; `settings` come after the run's own
    /// (members write as much as they like, the gateways take the load from HAProxy's one
    /// address).
    pub(crate) async fn start(settings: &[Setting], durable: bool) -> Self {
        let haproxy = std::env::var("SISE_HAPROXY").unwrap_or_else(|_| "haproxy".into());
        let dir = tempfile::tempdir().expect("temp dir");
        let nats = PrivateNats::start().await;
        let pg = Postgres::start_with(&dir.path().join("pg"), durable).await;
        let stop_kakao = CancellationToken::new();
        let kakao = sise_identity::kakao::dev::start(
            "127.0.0.1:0".parse().expect("addr"),
            KAKAO_KEY,
            1,
            stop_kakao.clone(),
        )
        .await
        .expect("development messenger provider");
        let kakao = format!("http://{kakao}");
        let client = reqwest::Client::new();

        let ports: HashMap<&str, (u16, [u16; 2])> = KINDS
            .iter()
            .map(|kind| (*kind, (free_port(), [free_port(), free_port()])))
            .collect();
        let fronts: Vec<_> = KINDS
            .iter()
            .map(|kind| (*kind, ports[kind].0, ports[kind].1))
            .collect();
        let config = dir.path().join("haproxy.cfg");
        std::fs::write(&config, haproxy_config(&fronts)).expect("haproxy.cfg");
        let balancer = tokio::process::Command::new(&haproxy)
            .arg("-db")
            .arg("-f")
            .arg(&config)
            .stdout(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {haproxy} (apt-get install haproxy): {e}"));

        let mut common = vec![("SISE__BUS__URL".to_owned(), nats.url().to_owned())];
        let mut replicas: HashMap<&str, [Replica; 2]> = HashMap::new();
        for kind in KINDS {
            let (front, [a, b]) = ports[kind];
            let section = if kind == "gateway" {
                "SISE__GATEWAY__".to_owned()
            } else {
                format!("SISE__SERVICES__{}__", kind.to_uppercase())
            };
            let own: Vec<Setting> = vec![
                ("gateway", "SINGLE_ORIGIN", "true".into()),
                // All the load comes from one address (HAProxy's).
                ("gateway", "LIMITS__RATE_PER_SECOND", "1000000".into()),
                ("gateway", "LIMITS__RATE_BURST", "1000000".into()),
                ("gateway", "LIMITS__MAX_STREAMS_PER_CLIENT", "1000".into()),
                ("identity", "KAKAO__API_BASE", kakao.clone()),
                ("identity", "KAKAO__AUTH_BASE", kakao.clone()),
                ("identity", "MEMBERSHIP__WEB_SIGNUP", "true".into()),
                ("social", "COMMUNITY__DAILY_POSTS", "1000000000".into()),
                ("social", "SAMPLE_POSTS", "false".into()),
            ];
            let env_of = |port: u16| {
                let mut env = if kind == "gateway" {
                    let mut env = common.clone();
                    env.push((format!("{section}LISTEN"), format!("127.0.0.1:{port}")));
                    env
                } else {
                    service_env(&common, kind, port, &pg.url(kind))
                };
                for (of, key, value) in own.iter().chain(settings) {
                    if *of == kind {
                        env.push((format!("{section}{key}"), value.clone()));
                    }
                }
                env
            };
            // Market's first replica leads (it takes the advisory lock first).
            let first = Replica::start(kind, env_of(a), a);
            if kind == "market" {
                wait_ready(&client, a, "market's first replica").await;
            }
            let second = Replica::start(kind, env_of(b), b);
            wait_ready(&client, a, kind).await;
            wait_ready(&client, b, kind).await;
            replicas.insert(kind, [first, second]);
            if kind != "gateway" {
                common.push((
                    format!("SISE__GATEWAY__UPSTREAMS__{}", kind.to_uppercase()),
                    format!("http://127.0.0.1:{front}"),
                ));
            }
        }
        let base = format!("http://127.0.0.1:{}", ports["gateway"].0);
        wait_ready(&client, ports["gateway"].0, "HAProxy's gateway front").await;
        eprintln!("two replicas: 10 processes ready behind HAProxy at {base}");
        Self {
            _dir: dir,
            nats,
            pg,
            stop_kakao,
            kakao,
            _balancer: balancer,
            replicas,
            ports,
            base,
            client,
        }
    }

    /// A member signed up and in through the gateway: their access token.
    pub(crate) async fn member(&self, nickname: &str) -> String {
        let (client, base) = (&self.client, &self.base);
        let token = sise_identity::kakao::dev::sign_in(
            &self.kakao,
            KAKAO_KEY,
            &format!("{base}/m/oauth/kakao"),
            nickname,
        )
        .await
        .expect("development sign-in");
        let agreements = json!({"service_age": true, "service": true, "private_collect": true});
        let response = client
            .post(format!("{base}/main/api/users"))
            .json(&json!({"kakao_access_token": token, "agreements": agreements}))
            .send()
            .await
            .expect("sign up");
        assert_eq!(response.status(), 201, "{:?}", response.text().await);
        let session: serde_json::Value = client
            .post(format!("{base}/main/api/session"))
            .json(&json!({"kakao_access_token": token}))
            .send()
            .await
            .expect("log in")
            .json()
            .await
            .expect("session");
        session["access_token"]
            .as_str()
            .expect("access token")
            .to_owned()
    }

    /// Stops every process and PostgreSQL.
    pub(crate) async fn stop(mut self) {
        for [a, b] in self.replicas.values_mut() {
            a.kill().await;
            b.kill().await;
        }
        self.stop_kakao.cancel();
        self.pg.stop();
    }
}
