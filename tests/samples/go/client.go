package inbox

import (
	"context"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodbstreams"
)

// LoadConfig reads region and credentials the SDK's usual way (the environment, which
// dynaminitest sets while a server runs).
func LoadConfig(ctx context.Context) (aws.Config, error) {
	return config.LoadDefaultConfig(ctx)
}

// endpoint is AWS_ENDPOINT_URL_DYNAMODB, or "" for the real DynamoDB. Debian 12's SDK
// (service/dynamodb 1.17.3) does not read that variable and has no o.BaseEndpoint (endpoint
// resolution v2, "released in Q3 of 2023": AWS SDK for Go v2 developer guide, "Configure
// Client Endpoints"), so the application passes it as a v1 endpoint resolver.
func endpoint() string { return os.Getenv("AWS_ENDPOINT_URL_DYNAMODB") }

// NewDynamoDB is the application's DynamoDB client.
func NewDynamoDB(cfg aws.Config) *dynamodb.Client {
	return dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		if url := endpoint(); url != "" {
			o.EndpointResolver = dynamodb.EndpointResolverFromURL(url)
		}
	})
}

// NewStreams is the application's DynamoDB Streams client (the same endpoint serves both).
func NewStreams(cfg aws.Config) *dynamodbstreams.Client {
	return dynamodbstreams.NewFromConfig(cfg, func(o *dynamodbstreams.Options) {
		if url := endpoint(); url != "" {
			o.EndpointResolver = dynamodbstreams.EndpointResolverFromURL(url)
		}
	})
}
