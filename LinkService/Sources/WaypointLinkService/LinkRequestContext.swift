import Foundation
import HTTPTypes
import Hummingbird

/// The request context of the link service's routes: Hummingbird's basic context, with a body
/// limit a route group sets (``UploadLimit``) and the service's JSON.
///
/// `request.decode(as:context:)` reads a body up to ``maxUploadSize``; past it, the error
/// middleware answers 413. Answers encode with sorted keys and unescaped slashes, never cached.
struct LinkRequestContext: RequestContext {
  var coreContext: CoreRequestContextStorage
  /// The largest body a route of this request reads.
  var uploadLimit = 4_096

  init(source: Source) {
    coreContext = .init(source: source)
  }

  var maxUploadSize: Int { uploadLimit }
  var requestDecoder: JSONDecoder { JSONDecoder() }
  var responseEncoder: ServiceJSON { ServiceJSON() }
}
