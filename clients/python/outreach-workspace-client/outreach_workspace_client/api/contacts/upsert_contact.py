from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.contact import Contact
from ...models.contact_upsert_by_email import ContactUpsertByEmail
from ...models.contact_upsert_by_linkedin_url import ContactUpsertByLinkedinUrl
from ...models.error import Error
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: ContactUpsertByEmail | ContactUpsertByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/contacts",
    }

    if isinstance(body, ContactUpsertByEmail):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Contact | Error | None:
    if response.status_code == 201:
        response_201 = Contact.from_dict(response.json())

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


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Contact | Error]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactUpsertByEmail | ContactUpsertByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> Response[Contact | Error]:
    """Create or update a contact

     Matched on normalised email, then LinkedIn URL. 201 for create and update alike. An email and a
    LinkedIn URL of two different contacts are refused (409, `data.email_contact_id` and
    `data.linkedin_url_contact_id`). A person erased at a privacy request is refused (422, `data.reason`
    ERASED).

    Args:
        idempotency_key (str | Unset):
        body (ContactUpsertByEmail | ContactUpsertByLinkedinUrl): At least one of email or
            linkedin_url. Fields sent overwrite stored values (null clears); omitted fields are left
            untouched.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Contact | Error]
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
    body: ContactUpsertByEmail | ContactUpsertByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> Contact | Error | None:
    """Create or update a contact

     Matched on normalised email, then LinkedIn URL. 201 for create and update alike. An email and a
    LinkedIn URL of two different contacts are refused (409, `data.email_contact_id` and
    `data.linkedin_url_contact_id`). A person erased at a privacy request is refused (422, `data.reason`
    ERASED).

    Args:
        idempotency_key (str | Unset):
        body (ContactUpsertByEmail | ContactUpsertByLinkedinUrl): At least one of email or
            linkedin_url. Fields sent overwrite stored values (null clears); omitted fields are left
            untouched.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Contact | Error
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: ContactUpsertByEmail | ContactUpsertByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> Response[Contact | Error]:
    """Create or update a contact

     Matched on normalised email, then LinkedIn URL. 201 for create and update alike. An email and a
    LinkedIn URL of two different contacts are refused (409, `data.email_contact_id` and
    `data.linkedin_url_contact_id`). A person erased at a privacy request is refused (422, `data.reason`
    ERASED).

    Args:
        idempotency_key (str | Unset):
        body (ContactUpsertByEmail | ContactUpsertByLinkedinUrl): At least one of email or
            linkedin_url. Fields sent overwrite stored values (null clears); omitted fields are left
            untouched.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Contact | Error]
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
    body: ContactUpsertByEmail | ContactUpsertByLinkedinUrl,
    idempotency_key: str | Unset = UNSET,
) -> Contact | Error | None:
    """Create or update a contact

     Matched on normalised email, then LinkedIn URL. 201 for create and update alike. An email and a
    LinkedIn URL of two different contacts are refused (409, `data.email_contact_id` and
    `data.linkedin_url_contact_id`). A person erased at a privacy request is refused (422, `data.reason`
    ERASED).

    Args:
        idempotency_key (str | Unset):
        body (ContactUpsertByEmail | ContactUpsertByLinkedinUrl): At least one of email or
            linkedin_url. Fields sent overwrite stored values (null clears); omitted fields are left
            untouched.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Contact | Error
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
