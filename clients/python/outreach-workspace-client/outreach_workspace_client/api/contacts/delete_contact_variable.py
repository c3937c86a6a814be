from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact_variables import ContactVariables
from ...models.delete_contact_variable_scope import DeleteContactVariableScope
from ...models.error import Error
from ...types import UNSET, Response


def _get_kwargs(
    contact_id: UUID,
    key: str,
    *,
    scope: DeleteContactVariableScope,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    json_scope: str = scope
    params["scope"] = json_scope

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "delete",
        "url": "/v1/contacts/{contact_id}/variables/{key}".format(
            contact_id=quote(str(contact_id), safe=""),
            key=quote(str(key), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> ContactVariables | Error | None:
    if response.status_code == 200:
        response_200 = ContactVariables.from_dict(response.json())

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
) -> Response[ContactVariables | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    contact_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
    scope: DeleteContactVariableScope,
) -> Response[ContactVariables | Error]:
    """Delete a variable and free its slot

     Removes the key from the scope named by `scope` (`contact`, or `account`: the contact's account) so
    the slot counts no more against the limit; a key not set there is 404.

    Args:
        contact_id (UUID):
        key (str):
        scope (DeleteContactVariableScope):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactVariables | Error]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        key=key,
        scope=scope,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    contact_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
    scope: DeleteContactVariableScope,
) -> ContactVariables | Error | None:
    """Delete a variable and free its slot

     Removes the key from the scope named by `scope` (`contact`, or `account`: the contact's account) so
    the slot counts no more against the limit; a key not set there is 404.

    Args:
        contact_id (UUID):
        key (str):
        scope (DeleteContactVariableScope):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactVariables | Error
    """

    return sync_detailed(
        contact_id=contact_id,
        key=key,
        client=client,
        scope=scope,
    ).parsed


async def asyncio_detailed(
    contact_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
    scope: DeleteContactVariableScope,
) -> Response[ContactVariables | Error]:
    """Delete a variable and free its slot

     Removes the key from the scope named by `scope` (`contact`, or `account`: the contact's account) so
    the slot counts no more against the limit; a key not set there is 404.

    Args:
        contact_id (UUID):
        key (str):
        scope (DeleteContactVariableScope):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[ContactVariables | Error]
    """

    kwargs = _get_kwargs(
        contact_id=contact_id,
        key=key,
        scope=scope,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    contact_id: UUID,
    key: str,
    *,
    client: AuthenticatedClient | Client,
    scope: DeleteContactVariableScope,
) -> ContactVariables | Error | None:
    """Delete a variable and free its slot

     Removes the key from the scope named by `scope` (`contact`, or `account`: the contact's account) so
    the slot counts no more against the limit; a key not set there is 404.

    Args:
        contact_id (UUID):
        key (str):
        scope (DeleteContactVariableScope):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        ContactVariables | Error
    """

    return (
        await asyncio_detailed(
            contact_id=contact_id,
            key=key,
            client=client,
            scope=scope,
        )
    ).parsed
