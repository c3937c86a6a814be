from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.test_helper_reply import TestHelperReply
from ...models.test_helper_reply_result import TestHelperReplyResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    message_id: UUID,
    *,
    body: TestHelperReply,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/test-helpers/messages/{message_id}/reply".format(
            message_id=quote(str(message_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | TestHelperReplyResult | None:
    if response.status_code == 200:
        response_200 = TestHelperReplyResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = Error.from_dict(response.json())

        return response_403

    if response.status_code == 404:
        response_404 = Error.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = Error.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Error.from_dict(response.json())

        return response_413

    if response.status_code == 422:
        response_422 = Error.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = Error.from_dict(response.json())

        return response_429

    if response.status_code == 500:
        response_500 = Error.from_dict(response.json())

        return response_500

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Error | TestHelperReplyResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    message_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperReply,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | TestHelperReplyResult]:
    """Simulate a reply from the contact

     Stores the INBOUND reply (classified: INTERESTED, NOT_INTERESTED, UNSUBSCRIBE, OUT_OF_OFFICE, OTHER;
    rules in docs/api/engagement.md) and emits message.replied. On a running run: INTERESTED ends it
    SUCCEEDED; NOT_INTERESTED ends it FAILED; UNSUBSCRIBE ends it FAILED and excludes the contact;
    OUT_OF_OFFICE with a return date pauses it until then; anything else halts automatic steps and
    leaves it WAITING_FOR_USER with an EMAIL_REPLY or LINKEDIN_REPLY task (`task_id`) until the team
    answers it (execute: WAITING_FOR_LEAD); a paused run stays paused. The reply's step_number is the
    step of the message answered.

    Args:
        message_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TestHelperReplyResult]
    """

    kwargs = _get_kwargs(
        message_id=message_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    message_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperReply,
    idempotency_key: str | Unset = UNSET,
) -> Error | TestHelperReplyResult | None:
    """Simulate a reply from the contact

     Stores the INBOUND reply (classified: INTERESTED, NOT_INTERESTED, UNSUBSCRIBE, OUT_OF_OFFICE, OTHER;
    rules in docs/api/engagement.md) and emits message.replied. On a running run: INTERESTED ends it
    SUCCEEDED; NOT_INTERESTED ends it FAILED; UNSUBSCRIBE ends it FAILED and excludes the contact;
    OUT_OF_OFFICE with a return date pauses it until then; anything else halts automatic steps and
    leaves it WAITING_FOR_USER with an EMAIL_REPLY or LINKEDIN_REPLY task (`task_id`) until the team
    answers it (execute: WAITING_FOR_LEAD); a paused run stays paused. The reply's step_number is the
    step of the message answered.

    Args:
        message_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TestHelperReplyResult
    """

    return sync_detailed(
        message_id=message_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    message_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperReply,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | TestHelperReplyResult]:
    """Simulate a reply from the contact

     Stores the INBOUND reply (classified: INTERESTED, NOT_INTERESTED, UNSUBSCRIBE, OUT_OF_OFFICE, OTHER;
    rules in docs/api/engagement.md) and emits message.replied. On a running run: INTERESTED ends it
    SUCCEEDED; NOT_INTERESTED ends it FAILED; UNSUBSCRIBE ends it FAILED and excludes the contact;
    OUT_OF_OFFICE with a return date pauses it until then; anything else halts automatic steps and
    leaves it WAITING_FOR_USER with an EMAIL_REPLY or LINKEDIN_REPLY task (`task_id`) until the team
    answers it (execute: WAITING_FOR_LEAD); a paused run stays paused. The reply's step_number is the
    step of the message answered.

    Args:
        message_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TestHelperReplyResult]
    """

    kwargs = _get_kwargs(
        message_id=message_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    message_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperReply,
    idempotency_key: str | Unset = UNSET,
) -> Error | TestHelperReplyResult | None:
    """Simulate a reply from the contact

     Stores the INBOUND reply (classified: INTERESTED, NOT_INTERESTED, UNSUBSCRIBE, OUT_OF_OFFICE, OTHER;
    rules in docs/api/engagement.md) and emits message.replied. On a running run: INTERESTED ends it
    SUCCEEDED; NOT_INTERESTED ends it FAILED; UNSUBSCRIBE ends it FAILED and excludes the contact;
    OUT_OF_OFFICE with a return date pauses it until then; anything else halts automatic steps and
    leaves it WAITING_FOR_USER with an EMAIL_REPLY or LINKEDIN_REPLY task (`task_id`) until the team
    answers it (execute: WAITING_FOR_LEAD); a paused run stays paused. The reply's step_number is the
    step of the message answered.

    Args:
        message_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperReply):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TestHelperReplyResult
    """

    return (
        await asyncio_detailed(
            message_id=message_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
