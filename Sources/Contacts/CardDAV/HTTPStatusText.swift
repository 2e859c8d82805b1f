/// Reason phrases for the statuses a CardDAV server answers with, for error descriptions.
enum HTTPStatusText {
  static func phrase(for status: Int) -> String {
    switch status {
    case 301: "Moved Permanently"
    case 302: "Found"
    case 303: "See Other"
    case 307: "Temporary Redirect"
    case 308: "Permanent Redirect"
    case 400: "Bad Request"
    case 405: "Method Not Allowed"
    case 409: "Conflict"
    case 415: "Unsupported Media Type"
    case 423: "Locked"
    case 500: "Internal Server Error"
    case 501: "Not Implemented"
    case 502: "Bad Gateway"
    case 503: "Service Unavailable"
    case 504: "Gateway Timeout"
    case 507: "Insufficient Storage"
    default: status >= 500 ? "server error" : "request refused"
    }
  }
}
