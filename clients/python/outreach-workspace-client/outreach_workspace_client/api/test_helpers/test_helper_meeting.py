from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.test_helper_meeting import TestHelperMeeting
from ...models.test_helper_meeting_result import TestHelperMeetingResult
from ...types import UNSET, Response, Unset


def _get_kwargs(
    contact_id: UUID,
    *,
    body: TestHelperMeeting | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/test-helpers/contacts/{contact_id}/meeting".format(
            contact_id=quote(str(contact_id), safe=""),
        ),
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Error | TestHelperMeetingResult | None:
    if response.status_code == 201:
        response_201 = TestHelperMeetingResult.from_dict(response.json())

        return response_201

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
) -> Response[Error | TestHelperMeetingResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperMeeting | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | TestHelperMeetingResult]:
    """Simulate a booked meeting

     Stores the meeting, emits meeting.created on the contact's latest running run (else its latest run),
    and ends every running run of the contact SUCCEEDED with stopped_reason MEETING_BOOKED. Defaults:
    start tomorrow on the hour, 30 minutes, UTC.

    Args:
        contact_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperMeeting | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TestHelperMeetingResult]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperMeeting | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | TestHelperMeetingResult | None:
    """Simulate a booked meeting

     Stores the meeting, emits meeting.created on the contact's latest running run (else its latest run),
    and ends every running run of the contact SUCCEEDED with stopped_reason MEETING_BOOKED. Defaults:
    start tomorrow on the hour, 30 minutes, UTC.

    Args:
        contact_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperMeeting | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TestHelperMeetingResult
    """

    return sync_detailed(
        contact_id=contact_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperMeeting | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | TestHelperMeetingResult]:
    """Simulate a booked meeting

     Stores the meeting, emits meeting.created on the contact's latest running run (else its latest run),
    and ends every running run of the contact SUCCEEDED with stopped_reason MEETING_BOOKED. Defaults:
    start tomorrow on the hour, 30 minutes, UTC.

    Args:
        contact_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperMeeting | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | TestHelperMeetingResult]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    contact_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: TestHelperMeeting | Unset = UNSET,
    idempotency_key: str | Unset = UNSET,
) -> Error | TestHelperMeetingResult | None:
    """Simulate a booked meeting

     Stores the meeting, emits meeting.created on the contact's latest running run (else its latest run),
    and ends every running run of the contact SUCCEEDED with stopped_reason MEETING_BOOKED. Defaults:
    start tomorrow on the hour, 30 minutes, UTC.

    Args:
        contact_id (UUID):
        idempotency_key (str | Unset):
        body (TestHelperMeeting | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | TestHelperMeetingResult
    """

    return (
        await asyncio_detailed(
            contact_id=contact_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
