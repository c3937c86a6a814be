from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.sequence import Sequence
from ...models.sequence_stop import SequenceStop
from ...types import UNSET, Response, Unset


def _get_kwargs(
    sequence_id: UUID,
    *,
    body: SequenceStop,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/sequences/{sequence_id}/stop".format(
            sequence_id=quote(str(sequence_id), safe=""),
        ),
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | Sequence | None:
    if response.status_code == 200:
        response_200 = Sequence.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | Sequence]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    sequence_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceStop,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Sequence]:
    """Stop a sequence with an outcome

     WIN: SUCCEEDED, LOSE: FAILED, with sequence.stopped. Scope ACCOUNT also stops the running sequences
    of the other contacts of the same account, in the same transaction. The contact stays reachable. A
    lead awaiting review (FOUND) is stopped too: its NEW_LEAD_REVIEW task is SKIPPED (task.skipped) and
    its run never starts (a later approval answers 409). The run's workflow is told after the commit and
    sends nothing more.

    Args:
        sequence_id (UUID):
        idempotency_key (str | Unset):
        body (SequenceStop):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Sequence]
    """

    kwargs = _get_kwargs(
        sequence_id=sequence_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    sequence_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceStop,
    idempotency_key: str | Unset = UNSET,
) -> Error | Sequence | None:
    """Stop a sequence with an outcome

     WIN: SUCCEEDED, LOSE: FAILED, with sequence.stopped. Scope ACCOUNT also stops the running sequences
    of the other contacts of the same account, in the same transaction. The contact stays reachable. A
    lead awaiting review (FOUND) is stopped too: its NEW_LEAD_REVIEW task is SKIPPED (task.skipped) and
    its run never starts (a later approval answers 409). The run's workflow is told after the commit and
    sends nothing more.

    Args:
        sequence_id (UUID):
        idempotency_key (str | Unset):
        body (SequenceStop):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Sequence
    """

    return sync_detailed(
        sequence_id=sequence_id,
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    sequence_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceStop,
    idempotency_key: str | Unset = UNSET,
) -> Response[Error | Sequence]:
    """Stop a sequence with an outcome

     WIN: SUCCEEDED, LOSE: FAILED, with sequence.stopped. Scope ACCOUNT also stops the running sequences
    of the other contacts of the same account, in the same transaction. The contact stays reachable. A
    lead awaiting review (FOUND) is stopped too: its NEW_LEAD_REVIEW task is SKIPPED (task.skipped) and
    its run never starts (a later approval answers 409). The run's workflow is told after the commit and
    sends nothing more.

    Args:
        sequence_id (UUID):
        idempotency_key (str | Unset):
        body (SequenceStop):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Sequence]
    """

    kwargs = _get_kwargs(
        sequence_id=sequence_id,
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    sequence_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceStop,
    idempotency_key: str | Unset = UNSET,
) -> Error | Sequence | None:
    """Stop a sequence with an outcome

     WIN: SUCCEEDED, LOSE: FAILED, with sequence.stopped. Scope ACCOUNT also stops the running sequences
    of the other contacts of the same account, in the same transaction. The contact stays reachable. A
    lead awaiting review (FOUND) is stopped too: its NEW_LEAD_REVIEW task is SKIPPED (task.skipped) and
    its run never starts (a later approval answers 409). The run's workflow is told after the commit and
    sends nothing more.

    Args:
        sequence_id (UUID):
        idempotency_key (str | Unset):
        body (SequenceStop):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | Sequence
    """

    return (
        await asyncio_detailed(
            sequence_id=sequence_id,
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
