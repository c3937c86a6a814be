from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.sequence import Sequence
from ...models.sequence_variables_update import SequenceVariablesUpdate
from ...types import Response


def _get_kwargs(
    sequence_id: UUID,
    *,
    body: SequenceVariablesUpdate,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/v1/sequences/{sequence_id}".format(
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
    body: SequenceVariablesUpdate,
) -> Response[Error | Sequence]:
    """Merge variables into a sequence run

     Keys merge into the run's variables (a null value clears a key); the run's next steps render with
    them (a step already under way keeps what it rendered). A lead awaiting review (FOUND) takes them in
    its row; its run renders with them once approved.

    Args:
        sequence_id (UUID):
        body (SequenceVariablesUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Sequence]
    """

    kwargs = _get_kwargs(
        sequence_id=sequence_id,
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    sequence_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceVariablesUpdate,
) -> Error | Sequence | None:
    """Merge variables into a sequence run

     Keys merge into the run's variables (a null value clears a key); the run's next steps render with
    them (a step already under way keeps what it rendered). A lead awaiting review (FOUND) takes them in
    its row; its run renders with them once approved.

    Args:
        sequence_id (UUID):
        body (SequenceVariablesUpdate):

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
    ).parsed


async def asyncio_detailed(
    sequence_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceVariablesUpdate,
) -> Response[Error | Sequence]:
    """Merge variables into a sequence run

     Keys merge into the run's variables (a null value clears a key); the run's next steps render with
    them (a step already under way keeps what it rendered). A lead awaiting review (FOUND) takes them in
    its row; its run renders with them once approved.

    Args:
        sequence_id (UUID):
        body (SequenceVariablesUpdate):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | Sequence]
    """

    kwargs = _get_kwargs(
        sequence_id=sequence_id,
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    sequence_id: UUID,
    *,
    client: AuthenticatedClient | Client,
    body: SequenceVariablesUpdate,
) -> Error | Sequence | None:
    """Merge variables into a sequence run

     Keys merge into the run's variables (a null value clears a key); the run's next steps render with
    them (a step already under way keeps what it rendered). A lead awaiting review (FOUND) takes them in
    its row; its run renders with them once approved.

    Args:
        sequence_id (UUID):
        body (SequenceVariablesUpdate):

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
        )
    ).parsed
