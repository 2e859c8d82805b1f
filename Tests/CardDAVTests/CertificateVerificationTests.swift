import CardDAV
import CardDAVTesting
import Foundation
import Testing

/// Certificates are verified: https to a server whose certificate nobody vouches for is refused
/// with a TLS error in words, and nothing is sent over it.
@Suite struct CertificateVerificationTests {
  @Test func aSelfSignedCertificateIsRefused() async throws {
    try await DAVTestServer.withServer(.radicale, selfSignedTLS: true) { server in
      #expect(server.baseURL.scheme == "https")
      try await CardDAVClient.withClient(credentials: server.credentials, timeout: TestCards.patientTimeout) { client in
        let error = await #expect(throws: CardDAVError.self) { try await client.discover(server.baseURL) }
        #expect(
          error
            == .tls("the certificate is not signed by an authority this machine trusts, or it has expired"))
        #expect(error?.description.hasPrefix("The secure connection failed: the certificate is not signed") == true)
      }
    }
  }
}
