from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_entry import ContactEntry
from ...models.error import Error
from ...types import Response


def _get_kwargs(
    contact_entry_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/contact-entries/{contact_entry_id}".format(
            contact_entry_id=quote(str(contact_entry_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> ContactEntry | Error | None:
    if response.status_code == 200:
        response_200 = ContactEntry.from_dict(response.json())

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
) -> Response[ContactEntry | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    contact_entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ContactEntry | Error]:
    """Remove an entry from its list

     The running sequence this entry sourced ends STOPPED_EARLY with stopped_reason
    REMOVED_FROM_SOURCE_LIST; other sequences of the contact are untouched. The contact stays.

    Args:
        contact_entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEntry | Error]
    """

    kwargs = _get_kwargs(
        contact_entry_id=contact_entry_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    contact_entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> ContactEntry | Error | None:
    """Remove an entry from its list

     The running sequence this entry sourced ends STOPPED_EARLY with stopped_reason
    REMOVED_FROM_SOURCE_LIST; other sequences of the contact are untouched. The contact stays.

    Args:
        contact_entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEntry | Error
    """

    return sync_detailed(
        contact_entry_id=contact_entry_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    contact_entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> Response[ContactEntry | Error]:
    """Remove an entry from its list

     The running sequence this entry sourced ends STOPPED_EARLY with stopped_reason
    REMOVED_FROM_SOURCE_LIST; other sequences of the contact are untouched. The contact stays.

    Args:
        contact_entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactEntry | Error]
    """

    kwargs = _get_kwargs(
        contact_entry_id=contact_entry_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    contact_entry_id: UUID,
    *,
    client: AuthenticatedClient | Client,
) -> ContactEntry | Error | None:
    """Remove an entry from its list

     The running sequence this entry sourced ends STOPPED_EARLY with stopped_reason
    REMOVED_FROM_SOURCE_LIST; other sequences of the contact are untouched. The contact stays.

    Args:
        contact_entry_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactEntry | Error
    """

    return (
        await asyncio_detailed(
            contact_entry_id=contact_entry_id,
            client=client,
        )
    ).parsed
