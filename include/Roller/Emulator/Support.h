//===- Support.h - Error values for the emulator ----------------*- C++ -*-===//
//
// The emulator is plain C++ built without exceptions; fallible functions
// return an ErrorOr<T>: a value or a message.
//
//===----------------------------------------------------------------------===//

#ifndef ROLLER_EMULATOR_SUPPORT_H
#define ROLLER_EMULATOR_SUPPORT_H

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace roller::emu {

/// A failure with its message.
struct Error {
  std::string message;
};

inline Error makeError(std::string message) {
  return Error{std::move(message)};
}

/// Success or an error message.
class [[nodiscard]] Status {
public:
  Status() = default;
  Status(Error error) : failed(true), error(std::move(error.message)) {}
  static Status ok() { return Status(); }
  explicit operator bool() const { return !failed; }
  const std::string &message() const { return error; }

private:
  bool failed = false;
  std::string error;
};

/// Either a T or an Error.
template <typename T> class [[nodiscard]] ErrorOr {
public:
  ErrorOr(T value) : value(std::move(value)) {}
  ErrorOr(Error error) : error(std::move(error.message)) {}
  /// From a failed Status.
  ErrorOr(const Status &status) : error(status.message()) {
    assert(!status && "an ErrorOr from a successful Status has no value");
  }

  explicit operator bool() const { return value.has_value(); }
  T &operator*() {
    assert(value && "no value in an ErrorOr holding an error");
    return *value;
  }
  const T &operator*() const {
    assert(value && "no value in an ErrorOr holding an error");
    return *value;
  }
  T *operator->() { return &**this; }
  const T *operator->() const { return &**this; }
  const std::string &message() const { return error; }
  T take() { return std::move(**this); }

private:
  std::optional<T> value;
  std::string error;
};

} // namespace roller::emu

#endif // ROLLER_EMULATOR_SUPPORT_H
