//! Requests that the API's tests and the benchmarks build alike.

use actix_web::test::TestRequest;

/// A multipart POST of one file, in the part named `file`.
pub fn multipart(path: &str, filename: &str, bytes: &[u8]) -> TestRequest {
    let boundary = "olympiadboundary";
    let mut body = format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n").into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    TestRequest::post()
        .uri(path)
        .insert_header((
            "content-type",
            format!("multipart/form-data; boundary={boundary}"),
        ))
        .set_payload(body)
}
