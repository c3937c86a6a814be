from http import HTTPStatus
from typing import Any
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.list_messages_channel import ListMessagesChannel
from ...models.list_messages_direction import ListMessagesDirection
from ...models.list_messages_sort_by import ListMessagesSortBy
from ...models.list_messages_sort_order import ListMessagesSortOrder
from ...models.message_page import MessagePage
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListMessagesSortBy | Unset = UNSET,
    sort_order: ListMessagesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    channel: ListMessagesChannel | Unset = UNSET,
    direction: ListMessagesDirection | Unset = UNSET,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["page"] = page

    params["size"] = size

    json_sort_by: str | Unset = UNSET
    if not isinstance(sort_by, Unset):
        json_sort_by = sort_by

    params["sort_by"] = json_sort_by

    json_sort_order: str | Unset = UNSET
    if not isinstance(sort_order, Unset):
        json_sort_order = sort_order

    params["sort_order"] = json_sort_order

    json_contact_id: str | Unset = UNSET
    if not isinstance(contact_id, Unset):
        json_contact_id = str(contact_id)
    params["contact_id"] = json_contact_id

    json_sequence_id: str | Unset = UNSET
    if not isinstance(sequence_id, Unset):
        json_sequence_id = str(sequence_id)
    params["sequence_id"] = json_sequence_id

    json_channel: str | Unset = UNSET
    if not isinstance(channel, Unset):
        json_channel = channel

    params["channel"] = json_channel

    json_direction: str | Unset = UNSET
    if not isinstance(direction, Unset):
        json_direction = direction

    params["direction"] = json_direction

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/messages",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | MessagePage | None:
    if response.status_code == 200:
        response_200 = MessagePage.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Error | MessagePage]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListMessagesSortBy | Unset = UNSET,
    sort_order: ListMessagesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    channel: ListMessagesChannel | Unset = UNSET,
    direction: ListMessagesDirection | Unset = UNSET,
) -> Response[Error | MessagePage]:
    """List messages

     Default order: sent_at descending (newest first); `sort_by` sent_at or created_at. Filters combine
    with AND.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListMessagesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListMessagesSortOrder | Unset): Default `desc` (newest first). Default:
            'desc'.
        contact_id (UUID | Unset):
        sequence_id (UUID | Unset):
        channel (ListMessagesChannel | Unset):
        direction (ListMessagesDirection | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessagePage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_id=contact_id,
        sequence_id=sequence_id,
        channel=channel,
        direction=direction,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListMessagesSortBy | Unset = UNSET,
    sort_order: ListMessagesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    channel: ListMessagesChannel | Unset = UNSET,
    direction: ListMessagesDirection | Unset = UNSET,
) -> Error | MessagePage | None:
    """List messages

     Default order: sent_at descending (newest first); `sort_by` sent_at or created_at. Filters combine
    with AND.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListMessagesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListMessagesSortOrder | Unset): Default `desc` (newest first). Default:
            'desc'.
        contact_id (UUID | Unset):
        sequence_id (UUID | Unset):
        channel (ListMessagesChannel | Unset):
        direction (ListMessagesDirection | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessagePage
    """

    return sync_detailed(
        client=client,
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_id=contact_id,
        sequence_id=sequence_id,
        channel=channel,
        direction=direction,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListMessagesSortBy | Unset = UNSET,
    sort_order: ListMessagesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    channel: ListMessagesChannel | Unset = UNSET,
    direction: ListMessagesDirection | Unset = UNSET,
) -> Response[Error | MessagePage]:
    """List messages

     Default order: sent_at descending (newest first); `sort_by` sent_at or created_at. Filters combine
    with AND.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListMessagesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListMessagesSortOrder | Unset): Default `desc` (newest first). Default:
            'desc'.
        contact_id (UUID | Unset):
        sequence_id (UUID | Unset):
        channel (ListMessagesChannel | Unset):
        direction (ListMessagesDirection | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | MessagePage]
    """

    kwargs = _get_kwargs(
        page=page,
        size=size,
        sort_by=sort_by,
        sort_order=sort_order,
        contact_id=contact_id,
        sequence_id=sequence_id,
        channel=channel,
        direction=direction,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    page: int | Unset = 1,
    size: int | Unset = 10,
    sort_by: ListMessagesSortBy | Unset = UNSET,
    sort_order: ListMessagesSortOrder | Unset = "desc",
    contact_id: UUID | Unset = UNSET,
    sequence_id: UUID | Unset = UNSET,
    channel: ListMessagesChannel | Unset = UNSET,
    direction: ListMessagesDirection | Unset = UNSET,
) -> Error | MessagePage | None:
    """List messages

     Default order: sent_at descending (newest first); `sort_by` sent_at or created_at. Filters combine
    with AND.

    Args:
        page (int | Unset): Page number, from 1. Default: 1.
        size (int | Unset): Items per page, 1 to 100. Default: 10.
        sort_by (ListMessagesSortBy | Unset): Field to order by; omitted, the endpoint default.
        sort_order (ListMessagesSortOrder | Unset): Default `desc` (newest first). Default:
            'desc'.
        contact_id (UUID | Unset):
        sequence_id (UUID | Unset):
        channel (ListMessagesChannel | Unset):
        direction (ListMessagesDirection | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | MessagePage
    """

    return (
        await asyncio_detailed(
            client=client,
            page=page,
            size=size,
            sort_by=sort_by,
            sort_order=sort_order,
            contact_id=contact_id,
            sequence_id=sequence_id,
            channel=channel,
            direction=direction,
        )
    ).parsed
