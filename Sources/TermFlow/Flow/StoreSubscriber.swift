/// An object that receives a selected value (usually a view model) whenever it changes.
///
/// Screens conform to this: the store hands them a value computed by a pure selector and they
/// only render it. Subscribers are held weakly, so a screen that is released stops receiving
/// values without further ceremony.
@MainActor
public protocol StoreSubscriber<Value>: AnyObject {
  associatedtype Value
  func receive(_ value: Value)
}
