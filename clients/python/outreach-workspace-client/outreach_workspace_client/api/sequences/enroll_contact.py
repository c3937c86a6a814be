from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.enrollment_pending import EnrollmentPending
from ...models.error import Error
from ...models.sequence import Sequence
from ...models.sequence_create import SequenceCreate
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: SequenceCreate,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sequences",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> EnrollmentPending | Error | Sequence | None:
    if response.status_code == 201:
        response_201 = Sequence.from_dict(response.json())

        return response_201

    if response.status_code == 202:
        response_202 = EnrollmentPending.from_dict(response.json())

        return response_202

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

    if response.status_code == 503:
        response_503 = Error.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[EnrollmentPending | Error | Sequence]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SequenceCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[EnrollmentPending | Error | Sequence]:
    """Enroll a contact in a sequence template

     Runs the eligibility check (identifier, exclusions, channels the steps need, and an email
    verification when the address was never verified) and waits for it up to ENROLLMENT_WAIT_MS (default
    20 s). Refusal reasons: NO_IDENTIFIER, EXCLUDED, NO_CHANNEL, EMAIL_UNDELIVERABLE,
    TEMPLATE_NOT_ACTIVE. A refusal leaves a REFUSED sequence either way; after a 202, poll GET
    /v1/sequences?contact_id=.

    Args:
        idempotency_key (str | Unset):
        body (SequenceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnrollmentPending | Error | Sequence]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: SequenceCreate,
    idempotency_key: str | Unset = UNSET,
) -> EnrollmentPending | Error | Sequence | None:
    """Enroll a contact in a sequence template

     Runs the eligibility check (identifier, exclusions, channels the steps need, and an email
    verification when the address was never verified) and waits for it up to ENROLLMENT_WAIT_MS (default
    20 s). Refusal reasons: NO_IDENTIFIER, EXCLUDED, NO_CHANNEL, EMAIL_UNDELIVERABLE,
    TEMPLATE_NOT_ACTIVE. A refusal leaves a REFUSED sequence either way; after a 202, poll GET
    /v1/sequences?contact_id=.

    Args:
        idempotency_key (str | Unset):
        body (SequenceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnrollmentPending | Error | Sequence
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SequenceCreate,
    idempotency_key: str | Unset = UNSET,
) -> Response[EnrollmentPending | Error | Sequence]:
    """Enroll a contact in a sequence template

     Runs the eligibility check (identifier, exclusions, channels the steps need, and an email
    verification when the address was never verified) and waits for it up to ENROLLMENT_WAIT_MS (default
    20 s). Refusal reasons: NO_IDENTIFIER, EXCLUDED, NO_CHANNEL, EMAIL_UNDELIVERABLE,
    TEMPLATE_NOT_ACTIVE. A refusal leaves a REFUSED sequence either way; after a 202, poll GET
    /v1/sequences?contact_id=.

    Args:
        idempotency_key (str | Unset):
        body (SequenceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[EnrollmentPending | Error | Sequence]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SequenceCreate,
    idempotency_key: str | Unset = UNSET,
) -> EnrollmentPending | Error | Sequence | None:
    """Enroll a contact in a sequence template

     Runs the eligibility check (identifier, exclusions, channels the steps need, and an email
    verification when the address was never verified) and waits for it up to ENROLLMENT_WAIT_MS (default
    20 s). Refusal reasons: NO_IDENTIFIER, EXCLUDED, NO_CHANNEL, EMAIL_UNDELIVERABLE,
    TEMPLATE_NOT_ACTIVE. A refusal leaves a REFUSED sequence either way; after a 202, poll GET
    /v1/sequences?contact_id=.

    Args:
        idempotency_key (str | Unset):
        body (SequenceCreate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        EnrollmentPending | Error | Sequence
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
