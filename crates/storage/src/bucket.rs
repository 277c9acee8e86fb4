//! The files in an S3-compatible bucket (Amazon S3, MinIO, Ceph, Garage, R2…): each key is the
//! object `prefix/key`. rusty-s3 signs each request (AWS Signature V4, in the query string) and
//! ureq sends it, blocking, with the rustls and ring the platform already has.

use crate::{StorageError, StorageResult};
use rusty_s3::actions::S3Action;
use rusty_s3::{Credentials, UrlStyle};
use std::time::Duration;
use url::Url;

/// How long a signed request stays good: it is sent at once, so only clock drift and a slow
/// upload need room.
const SIGNED_FOR: Duration = Duration::from_secs(300);

/// The longest any one request may take, upload or download: a certificate ZIP of a large school
/// is some megabytes, and a store that does not answer must not hold a worker for long.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(120);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// The bucket's settings: from `STORAGE_URL` and the usual AWS variables.
#[derive(Clone)]
pub struct BucketSettings {
    pub bucket: String,
    /// Put before every key (`olympiad/uploads`), without slashes at its ends; may be empty.
    pub prefix: String,
    /// `https://s3.REGION.amazonaws.com` for Amazon, else the store's own address.
    pub endpoint: Url,
    pub region: String,
    /// The bucket in the path (`endpoint/bucket/key`), as MinIO and most other stores want,
    /// rather than in the host name (`bucket.endpoint/key`), as Amazon prefers.
    pub path_style: bool,
    pub access_key_id: String,
    pub secret_access_key: String,
    pub session_token: Option<String>,
}

impl BucketSettings {
    /// `url` is `s3://bucket/prefix`; the rest is read through `var`: `AWS_ACCESS_KEY_ID`,
    /// `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN` (optional), `AWS_REGION` (or
    /// `AWS_DEFAULT_REGION`, else `us-east-1`), `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL`
    /// (another store than Amazon), and `AWS_S3_ADDRESSING_STYLE` (`path` or `virtual`; path by
    /// default with an endpoint, virtual on Amazon).
    pub fn from_env(url: &str, var: impl Fn(&str) -> Option<String>) -> Result<Self, String> {
        let var = |name: &str| {
            var(name)
                .map(|v| v.trim().to_owned())
                .filter(|v| !v.is_empty())
        };
        let rest = url
            .strip_prefix("s3://")
            .ok_or_else(|| format!("STORAGE_URL: {url:?} does not start with s3://"))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err("STORAGE_URL: the bucket's name is missing (s3://bucket/prefix)".into());
        }
        let region = var("AWS_REGION")
            .or_else(|| var("AWS_DEFAULT_REGION"))
            .unwrap_or_else(|| "us-east-1".into());
        let endpoint = var("AWS_ENDPOINT_URL_S3").or_else(|| var("AWS_ENDPOINT_URL"));
        let path_style = match var("AWS_S3_ADDRESSING_STYLE").as_deref() {
            Some("path") => true,
            Some("virtual") => false,
            None | Some("auto") => endpoint.is_some(),
            Some(other) => {
                return Err(format!(
                    "AWS_S3_ADDRESSING_STYLE: {other:?} is neither path nor virtual"
                ))
            }
        };
        let endpoint = endpoint.unwrap_or_else(|| format!("https://s3.{region}.amazonaws.com"));
        let endpoint = Url::parse(&endpoint)
            .map_err(|e| format!("AWS_ENDPOINT_URL: {endpoint:?} is not a URL: {e}"))?;
        let required = |name: &str| {
            var(name).ok_or_else(|| format!("{name} is required with STORAGE_URL=s3://…"))
        };
        Ok(BucketSettings {
            bucket: bucket.to_owned(),
            prefix: prefix.trim_matches('/').to_owned(),
            endpoint,
            region,
            path_style,
            access_key_id: required("AWS_ACCESS_KEY_ID")?,
            secret_access_key: required("AWS_SECRET_ACCESS_KEY")?,
            session_token: var("AWS_SESSION_TOKEN"),
        })
    }
}

pub(crate) struct Bucket {
    bucket: rusty_s3::Bucket,
    credentials: Credentials,
    prefix: String,
    /// `s3://bucket/prefix at endpoint`, for messages and logs.
    name: String,
    agent: ureq::Agent,
}

impl Bucket {
    pub(crate) fn new(settings: BucketSettings) -> Result<Self, String> {
        let style = if settings.path_style {
            UrlStyle::Path
        } else {
            UrlStyle::VirtualHost
        };
        let name = format!(
            "the file bucket s3://{}/{} at {}",
            settings.bucket,
            settings.prefix,
            settings.endpoint.as_str().trim_end_matches('/')
        );
        let bucket =
            rusty_s3::Bucket::new(settings.endpoint, style, settings.bucket, settings.region)
                .map_err(|e| format!("STORAGE_URL: {e}"))?;
        let credentials = match settings.session_token {
            Some(token) => Credentials::new_with_token(
                settings.access_key_id,
                settings.secret_access_key,
                token,
            ),
            None => Credentials::new(settings.access_key_id, settings.secret_access_key),
        };
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(REQUEST_TIMEOUT))
            .timeout_connect(Some(CONNECT_TIMEOUT))
            // The status is judged here, with the store's own error code from the body.
            .http_status_as_error(false)
            // A signed request is for one address; a store that redirects is misconfigured.
            .max_redirects(0)
            .build()
            .into();
        Ok(Bucket {
            bucket,
            credentials,
            prefix: settings.prefix,
            name,
            agent,
        })
    }

    pub(crate) fn name(&self) -> String {
        self.name.clone()
    }

    fn object(&self, key: &str) -> String {
        if self.prefix.is_empty() {
            key.to_owned()
        } else {
            format!("{}/{key}", self.prefix)
        }
    }

    fn unavailable(&self, cause: impl Into<String>) -> StorageError {
        StorageError::Unavailable {
            store: self.name(),
            cause: cause.into(),
        }
    }

    /// The store's refusal: its status and the error code S3 puts in the body (`NoSuchKey`,
    /// `NoSuchBucket`, `AccessDenied`, `SignatureDoesNotMatch`…).
    fn refusal(response: &mut ureq::http::Response<ureq::Body>) -> (u16, Option<String>) {
        let body = response
            .body_mut()
            .with_config()
            .limit(16 * 1024)
            .read_to_string()
            .unwrap_or_default();
        let code = body
            .split_once("<Code>")
            .and_then(|(_, rest)| rest.split_once("</Code>"))
            .map(|(code, _)| code.to_owned());
        (response.status().as_u16(), code)
    }

    /// A refusal; 507 Insufficient Storage (MinIO's `XMinioStorageFull`) is a full store, as a
    /// full disk under the folder is.
    fn refused(&self, (status, code): (u16, Option<String>)) -> StorageError {
        let cause = match code {
            Some(code) => format!("the store answered {status} {code}"),
            None => format!("the store answered {status}"),
        };
        if status == 507 {
            return StorageError::Full {
                store: self.name(),
                cause,
            };
        }
        self.unavailable(cause)
    }

    /// A request that did not get an answer. ureq's own words, but never the signed address:
    /// it carries the access key's id and a signature.
    fn unsent(&self, error: ureq::Error) -> StorageError {
        self.unavailable(match error {
            ureq::Error::BadUri(_) | ureq::Error::Http(_) => "the endpoint's address".to_owned(),
            ureq::Error::RequireHttpsOnly(_) => "the endpoint is not https".to_owned(),
            ureq::Error::ConnectProxyFailed(_) => "the proxy refused".to_owned(),
            other => other.to_string(),
        })
    }

    pub(crate) fn put(&self, key: &str, bytes: &[u8]) -> StorageResult<()> {
        let object = self.object(key);
        let url = self
            .bucket
            .put_object(Some(&self.credentials), &object)
            .sign(SIGNED_FOR);
        let mut response = self
            .agent
            .put(url.as_str())
            .send(bytes)
            .map_err(|e| self.unsent(e))?;
        if !response.status().is_success() {
            return Err(self.refused(Self::refusal(&mut response)));
        }
        Ok(())
    }

    pub(crate) fn read(&self, key: &str, limit: u64) -> StorageResult<Vec<u8>> {
        let object = self.object(key);
        let url = self
            .bucket
            .get_object(Some(&self.credentials), &object)
            .sign(SIGNED_FOR);
        let mut response = self
            .agent
            .get(url.as_str())
            .call()
            .map_err(|e| self.unsent(e))?;
        if !response.status().is_success() {
            // A missing object is the file missing; a missing bucket is the store's fault.
            return Err(match Self::refusal(&mut response) {
                (404, Some(code)) if code == "NoSuchKey" => StorageError::Missing {
                    store: self.name(),
                    key: key.to_owned(),
                },
                refusal => self.refused(refusal),
            });
        }
        let too_large = || StorageError::TooLarge {
            store: self.name(),
            key: key.to_owned(),
            limit,
        };
        if response
            .body()
            .content_length()
            .is_some_and(|length| length > limit)
        {
            return Err(too_large());
        }
        response
            .body_mut()
            .with_config()
            .limit(limit)
            .read_to_vec()
            .map_err(|e| match e {
                ureq::Error::BodyExceedsLimit(_) => too_large(),
                other => self.unsent(other),
            })
    }

    pub(crate) fn exists(&self, key: &str) -> StorageResult<bool> {
        let object = self.object(key);
        let url = self
            .bucket
            .head_object(Some(&self.credentials), &object)
            .sign(SIGNED_FOR);
        let mut response = self
            .agent
            .head(url.as_str())
            .call()
            .map_err(|e| self.unsent(e))?;
        match response.status().as_u16() {
            200..=299 => Ok(true),
            // A HEAD answer has no body to tell a missing object from a missing bucket; the
            // write that follows a `false` finds out.
            404 => Ok(false),
            _ => Err(self.refused(Self::refusal(&mut response))),
        }
    }

    pub(crate) fn delete(&self, key: &str) -> StorageResult<()> {
        let object = self.object(key);
        let url = self
            .bucket
            .delete_object(Some(&self.credentials), &object)
            .sign(SIGNED_FOR);
        let mut response = self
            .agent
            .delete(url.as_str())
            .call()
            .map_err(|e| self.unsent(e))?;
        if response.status().is_success() || response.status().as_u16() == 404 {
            return Ok(());
        }
        Err(self.refused(Self::refusal(&mut response)))
    }
}
