from typing import Literal

ErrorType = Literal[
    "BusinessIssue",
    "CommitIssue",
    "InternalIssue",
    "MethodNotAllowedIssue",
    "NotFoundIssue",
    "PayloadTooLargeIssue",
    "RateLimitIssue",
    "UnauthorizedIssue",
    "UnavailableIssue",
    "ValidationIssue",
]

ERROR_TYPE_VALUES: set[ErrorType] = {
    "BusinessIssue",
    "CommitIssue",
    "InternalIssue",
    "MethodNotAllowedIssue",
    "NotFoundIssue",
    "PayloadTooLargeIssue",
    "RateLimitIssue",
    "UnauthorizedIssue",
    "UnavailableIssue",
    "ValidationIssue",
}


def check_error_type(value: str) -> ErrorType:
    if value in ERROR_TYPE_VALUES:
        return value
    raise TypeError(f"Unexpected value {value!r}. Expected one of {ERROR_TYPE_VALUES!r}")
