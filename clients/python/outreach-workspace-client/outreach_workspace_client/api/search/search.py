from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.error import Error
from ...models.search_result import SearchResult
from ...models.search_types_item import SearchTypesItem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    query: str,
    types: list[SearchTypesItem] | Unset = UNSET,
    size: int | Unset = 10,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["query"] = query

    json_types: list[str] | Unset = UNSET
    if not isinstance(types, Unset):
        json_types = []
        for types_item_data in types:
            types_item: str = types_item_data
            json_types.append(types_item)

    params["types"] = json_types

    params["size"] = size

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/search",
        "params": params,
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Error | SearchResult | None:
    if response.status_code == 200:
        response_200 = SearchResult.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Error.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = Error.from_dict(response.json())

        return response_401

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
) -> Response[Error | SearchResult]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    types: list[SearchTypesItem] | Unset = UNSET,
    size: int | Unset = 10,
) -> Response[Error | SearchResult]:
    """Search the workspace

     Matches names, emails, companies and domains. Three or more characters: substring match; one or two:
    prefix match. Kinds the key cannot read (lead: contacts:read, account: accounts:read,
    sequence_template: sequences:read, task: tasks:read) are dropped, never an error. Up to `size` items
    per kind.

    Args:
        query (str): Text to match.
        types (list[SearchTypesItem] | Unset): Kinds to search (repeat the parameter); omit for
            all.
        size (int | Unset): Items per kind. Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchResult]
    """

    kwargs = _get_kwargs(
        query=query,
        types=types,
        size=size,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    types: list[SearchTypesItem] | Unset = UNSET,
    size: int | Unset = 10,
) -> Error | SearchResult | None:
    """Search the workspace

     Matches names, emails, companies and domains. Three or more characters: substring match; one or two:
    prefix match. Kinds the key cannot read (lead: contacts:read, account: accounts:read,
    sequence_template: sequences:read, task: tasks:read) are dropped, never an error. Up to `size` items
    per kind.

    Args:
        query (str): Text to match.
        types (list[SearchTypesItem] | Unset): Kinds to search (repeat the parameter); omit for
            all.
        size (int | Unset): Items per kind. Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchResult
    """

    return sync_detailed(
        client=client,
        query=query,
        types=types,
        size=size,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    types: list[SearchTypesItem] | Unset = UNSET,
    size: int | Unset = 10,
) -> Response[Error | SearchResult]:
    """Search the workspace

     Matches names, emails, companies and domains. Three or more characters: substring match; one or two:
    prefix match. Kinds the key cannot read (lead: contacts:read, account: accounts:read,
    sequence_template: sequences:read, task: tasks:read) are dropped, never an error. Up to `size` items
    per kind.

    Args:
        query (str): Text to match.
        types (list[SearchTypesItem] | Unset): Kinds to search (repeat the parameter); omit for
            all.
        size (int | Unset): Items per kind. Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Error | SearchResult]
    """

    kwargs = _get_kwargs(
        query=query,
        types=types,
        size=size,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    query: str,
    types: list[SearchTypesItem] | Unset = UNSET,
    size: int | Unset = 10,
) -> Error | SearchResult | None:
    """Search the workspace

     Matches names, emails, companies and domains. Three or more characters: substring match; one or two:
    prefix match. Kinds the key cannot read (lead: contacts:read, account: accounts:read,
    sequence_template: sequences:read, task: tasks:read) are dropped, never an error. Up to `size` items
    per kind.

    Args:
        query (str): Text to match.
        types (list[SearchTypesItem] | Unset): Kinds to search (repeat the parameter); omit for
            all.
        size (int | Unset): Items per kind. Default: 10.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Error | SearchResult
    """

    return (
        await asyncio_detailed(
            client=client,
            query=query,
            types=types,
            size=size,
        )
    ).parsed
