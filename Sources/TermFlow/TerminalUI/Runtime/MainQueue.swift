#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The main dispatch queue, driven by hand from a loop that owns the main thread — what
/// CoreFoundation's run loop does on Linux, through the same two libdispatch entry points.
///
/// libdispatch signals an eventfd when the main queue has work; the loop polls it along with
/// its own descriptors and drains the queue when it is readable.
enum MainQueue {
  /// Readable when the main queue has work.
  static let wakeUpDescriptor: Int32 = dispatchMainQueueHandle()

  /// Runs what the main queue holds now (main-actor jobs, dispatch sources on the main queue).
  static func drain() {
    var count: UInt64 = 0
    _ = read(wakeUpDescriptor, &count, MemoryLayout<UInt64>.size)
    dispatchMainQueueCallback(nil)
  }
}

@_silgen_name("_dispatch_get_main_queue_handle_4CF")
private func dispatchMainQueueHandle() -> Int32

@_silgen_name("_dispatch_main_queue_callback_4CF")
private func dispatchMainQueueCallback(_ message: UnsafeMutableRawPointer?)
